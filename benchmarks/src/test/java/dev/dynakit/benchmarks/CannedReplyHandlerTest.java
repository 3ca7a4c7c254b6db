package dev.dynakit.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;

class CannedReplyHandlerTest {
  private static FullHttpResponse post(EmbeddedChannel channel, String target) {
    FullHttpRequest request =
        new DefaultFullHttpRequest(
            HttpVersion.HTTP_1_1,
            HttpMethod.POST,
            "/",
            Unpooled.copiedBuffer("{\"TableName\":\"t\"}", StandardCharsets.UTF_8));
    request.headers().set("X-Amz-Target", target);
    channel.writeInbound(request);
    return channel.readOutbound();
  }

  @Test
  void getItem_answersTheCannedItem_withDynamoDbHeaders() {
    EmbeddedChannel channel = new EmbeddedChannel(new CannedReplyHandler());
    FullHttpResponse response = post(channel, "DynamoDB_20120810.GetItem");
    try {
      byte[] body = new byte[response.content().readableBytes()];
      response.content().getBytes(0, body);
      assertThat(response.status().code()).isEqualTo(200);
      assertThat(new String(body, StandardCharsets.UTF_8)).startsWith("{\"Item\":{\"pk\":");
      assertThat(response.headers().get("Content-Type")).isEqualTo("application/x-amz-json-1.0");
      assertThat(response.headers().get("x-amzn-RequestId")).matches("[0-9A-Z]{52}");
      CRC32 crc = new CRC32();
      crc.update(body);
      assertThat(response.headers().get("x-amz-crc32")).isEqualTo(Long.toString(crc.getValue()));
      assertThat(response.headers().getInt("Content-Length")).isEqualTo(body.length);
    } finally {
      response.release();
      channel.finishAndReleaseAll();
    }
  }

  @Test
  void otherOperations_answerAnEmptyObject_onTheSameConnection() {
    EmbeddedChannel channel =
        new EmbeddedChannel(new HttpObjectAggregator(1 << 20), new CannedReplyHandler());
    for (String op : new String[] {"PutItem", "BatchWriteItem"}) {
      FullHttpResponse response = post(channel, "DynamoDB_20120810." + op);
      try {
        assertThat(response.content().toString(StandardCharsets.UTF_8)).isEqualTo("{}");
      } finally {
        response.release();
      }
    }
    assertThat(channel.isOpen()).isTrue();
    channel.finishAndReleaseAll();
  }
}
