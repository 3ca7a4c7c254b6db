package dev.dynakit.engine.internal.http;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.util.concurrent.ThreadFactory;

/**
 * The event-loop threads of a server and the matching server channel type: native epoll where its
 * library loads (Linux), the JDK's NIO elsewhere.
 *
 * @param group the threads that accept connections and run every request
 * @param serverChannelType the channel class to bind with
 * @param nativeTransport whether epoll is in use
 */
public record EventLoops(
    EventLoopGroup group,
    Class<? extends ServerChannel> serverChannelType,
    boolean nativeTransport) {

  /**
   * Opens {@code threads} event-loop threads. They are daemon threads, so that a server someone
   * forgot to close does not keep the JVM alive.
   */
  public static EventLoops open(int threads) {
    ThreadFactory factory = new DefaultThreadFactory("dynakit-http", true);
    if (Epoll.isAvailable()) {
      return new EventLoops(
          new EpollEventLoopGroup(threads, factory), EpollServerSocketChannel.class, true);
    }
    return new EventLoops(
        new NioEventLoopGroup(threads, factory), NioServerSocketChannel.class, false);
  }
}
