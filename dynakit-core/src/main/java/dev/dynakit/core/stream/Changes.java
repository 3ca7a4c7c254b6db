package dev.dynakit.core.stream;

import dev.dynakit.core.item.Marshalling;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.StreamRecord;

/** The SDK's stream records as {@link StreamChange}s. */
final class Changes {
  // the userIdentity type DynamoDB gives the changes it makes itself (time to live)
  private static final String SERVICE = "Service";

  private Changes() {}

  static List<StreamChange> of(List<Record> records, String shardId) {
    List<StreamChange> out = new ArrayList<>(records.size());
    for (Record r : records) {
      out.add(of(r, shardId));
    }
    return out;
  }

  static StreamChange of(Record r, String shardId) {
    StreamRecord d = r.dynamodb();
    return new StreamChange(
        ChangeKind.valueOf(r.eventNameAsString()),
        r.eventID(),
        shardId,
        d.sequenceNumber(),
        d.approximateCreationDateTime(),
        Marshalling.fromItem(d.keys()),
        d.hasOldImage() ? Marshalling.fromItem(d.oldImage()) : null,
        d.hasNewImage() ? Marshalling.fromItem(d.newImage()) : null,
        r.userIdentity() != null && SERVICE.equals(r.userIdentity().type()));
  }
}
