package dev.dynakit.benchmarks;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The ceiling: an HTTP server on the engine's stack (Netty 4.1, HTTP/1.1 codec, one event loop per
 * core, epoll where it loads) that answers every request with a canned DynamoDB-like reply and does
 * no work. Whatever the engine's server reaches is measured against this.
 *
 * <pre>
 * java -cp … dev.dynakit.benchmarks.DoNothingServer --port 0 --max-seconds 900
 * </pre>
 *
 * <p>Prints {@code listening http://127.0.0.1:PORT} once it accepts connections; stops by itself
 * after {@code --max-seconds}, so a benchmark run that dies never leaves it behind.
 */
public final class DoNothingServer {
  /**
   * The operations whose answer the canned replies fit (GetItem's item, PutItem's empty object); a
   * Query page or a batch answer would not be comparable.
   */
  static final List<String> FITTING_OPERATIONS = List.of("GetItem", "PutItem");

  private DoNothingServer() {}

  public static void main(String[] args) throws InterruptedException {
    Flags flags = Flags.parse(args, Set.of("--port", "--max-seconds"), Set.of());
    int port = flags.integer("--port", 0);
    int maxSeconds = flags.integer("--max-seconds", 900);
    int threads = Runtime.getRuntime().availableProcessors();
    DefaultThreadFactory factory = new DefaultThreadFactory("do-nothing-http", true);
    boolean epoll = Epoll.isAvailable();
    EventLoopGroup group =
        epoll ? new EpollEventLoopGroup(threads, factory) : new NioEventLoopGroup(threads, factory);
    Class<? extends ServerChannel> channelType =
        epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class;
    Channel channel =
        new ServerBootstrap()
            .group(group)
            .channel(channelType)
            .option(ChannelOption.SO_BACKLOG, 1024)
            .option(ChannelOption.SO_REUSEADDR, true)
            .childOption(ChannelOption.TCP_NODELAY, true)
            .childOption(ChannelOption.SO_KEEPALIVE, true)
            .childHandler(
                new ChannelInitializer<Channel>() {
                  @Override
                  protected void initChannel(Channel ch) {
                    // the engine's server reads bodies in pieces of up to 64 KB too
                    HttpDecoderConfig decoder = new HttpDecoderConfig().setMaxChunkSize(64 * 1024);
                    ch.pipeline()
                        .addLast(new HttpServerCodec(decoder))
                        .addLast(new CannedReplyHandler());
                  }
                })
            .bind("127.0.0.1", port)
            .sync()
            .channel();
    int bound = ((InetSocketAddress) channel.localAddress()).getPort();
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly()));
    System.out.println(
        "listening http://127.0.0.1:" + bound + " (" + (epoll ? "epoll" : "nio") + ")");
    System.out.flush();
    // a benchmark that dies must not leave a server behind
    channel.closeFuture().await(maxSeconds, TimeUnit.SECONDS);
    System.exit(0);
  }
}
