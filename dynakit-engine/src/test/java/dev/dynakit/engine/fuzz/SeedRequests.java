package dev.dynakit.engine.fuzz;

import dev.dynakit.engine.internal.protocol.Json;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Valid requests of every engine operation against the fixture table {@code fuzz} (hash key {@code
 * pk} S, range key {@code sk} N, global index {@code byG} on {@code g}, local index {@code byL} on
 * {@code l}): the material the fuzzer mutates. Written with single quotes for readability.
 */
final class SeedRequests {
  /** One valid request. */
  record Seed(String operation, String json) {
    @SuppressWarnings("unchecked")
    Map<String, Object> tree() {
      return Json.parseObject(json.replace('\'', '"').getBytes(StandardCharsets.UTF_8));
    }
  }

  static final String TABLE = "fuzz";
  static final String ARN = "arn:aws:dynamodb:us-east-1:000000000000:table/fuzz";

  private static final String KEY = "{'pk':{'S':'p1'},'sk':{'N':'1'}}";
  private static final String ITEM =
      "{'pk':{'S':'p1'},'sk':{'N':'4'},'g':{'S':'x'},'l':{'N':'1'},'m':{'M':{'a':{'L':[{'N':'1'},"
          + "{'SS':['a','b']},{'B':'AAEC'}]}}},'ns':{'NS':['1','2.5']},'bs':{'BS':['AQ==']},"
          + "'b':{'BOOL':true},'n':{'NULL':true}}";

  static final String CREATE_FIXTURE =
      "{'TableName':'fuzz','AttributeDefinitions':[{'AttributeName':'pk','AttributeType':'S'},"
          + "{'AttributeName':'sk','AttributeType':'N'},{'AttributeName':'g','AttributeType':'S'},"
          + "{'AttributeName':'l','AttributeType':'N'}],'KeySchema':[{'AttributeName':'pk',"
          + "'KeyType':'HASH'},{'AttributeName':'sk','KeyType':'RANGE'}],"
          + "'GlobalSecondaryIndexes':[{'IndexName':'byG','KeySchema':[{'AttributeName':'g',"
          + "'KeyType':'HASH'}],'Projection':{'ProjectionType':'ALL'}}],"
          + "'LocalSecondaryIndexes':[{'IndexName':'byL','KeySchema':[{'AttributeName':'pk',"
          + "'KeyType':'HASH'},{'AttributeName':'l','KeyType':'RANGE'}],"
          + "'Projection':{'ProjectionType':'INCLUDE','NonKeyAttributes':['g']}}],"
          + "'BillingMode':'PAY_PER_REQUEST'}";

  static final List<String> FIXTURE_ITEMS =
      List.of(
          "{'TableName':'fuzz','Item':{'pk':{'S':'p1'},'sk':{'N':'1'},'g':{'S':'x'},'l':{'N':'5'},"
              + "'m':{'M':{'a':{'L':[{'S':'a'}]}}},'ss':{'SS':['a','b']},'cnt':{'N':'3'}}}",
          "{'TableName':'fuzz','Item':{'pk':{'S':'p1'},'sk':{'N':'2'},'g':{'S':'y'}}}",
          "{'TableName':'fuzz','Item':{'pk':{'S':'p1'},'sk':{'N':'3'},'lst':{'L':[]}}}");

  static final List<Seed> ALL =
      List.of(
          new Seed(
              "CreateTable",
              "{'TableName':'fuzz2','AttributeDefinitions':[{'AttributeName':'pk',"
                  + "'AttributeType':'S'},{'AttributeName':'g','AttributeType':'S'}],"
                  + "'KeySchema':[{'AttributeName':'pk','KeyType':'HASH'}],"
                  + "'GlobalSecondaryIndexes':[{'IndexName':'byG','KeySchema':[{'AttributeName':"
                  + "'g','KeyType':'HASH'}],'Projection':{'ProjectionType':'KEYS_ONLY'},"
                  + "'ProvisionedThroughput':{'ReadCapacityUnits':1,'WriteCapacityUnits':1}}],"
                  + "'ProvisionedThroughput':{'ReadCapacityUnits':1,'WriteCapacityUnits':1},"
                  + "'StreamSpecification':{'StreamEnabled':false},"
                  + "'SSESpecification':{'Enabled':false},'TableClass':'STANDARD',"
                  + "'DeletionProtectionEnabled':false,'Tags':[{'Key':'k','Value':'v'}]}"),
          new Seed("DescribeTable", "{'TableName':'fuzz'}"),
          new Seed("ListTables", "{'Limit':10,'ExclusiveStartTableName':'aaa'}"),
          new Seed(
              "UpdateTable",
              "{'TableName':'fuzz','BillingMode':'PROVISIONED','ProvisionedThroughput':"
                  + "{'ReadCapacityUnits':5,'WriteCapacityUnits':5},"
                  + "'GlobalSecondaryIndexUpdates':[{'Update':{'IndexName':'byG',"
                  + "'ProvisionedThroughput':{'ReadCapacityUnits':5,'WriteCapacityUnits':5}}}]}"),
          new Seed(
              "UpdateTable",
              "{'TableName':'fuzz','AttributeDefinitions':[{'AttributeName':'sk','AttributeType':'N'},{'AttributeName':'h',"
                  + "'AttributeType':'B'}],'GlobalSecondaryIndexUpdates':[{'Create':"
                  + "{'IndexName':'byH','KeySchema':[{'AttributeName':'h','KeyType':'HASH'},"
                  + "{'AttributeName':'sk','KeyType':'RANGE'}],'Projection':{'ProjectionType':"
                  + "'ALL'}}}]}"),
          new Seed(
              "UpdateTable",
              "{'TableName':'fuzz','GlobalSecondaryIndexUpdates':[{'Delete':{'IndexName':"
                  + "'byG'}}]}"),
          new Seed("DeleteTable", "{'TableName':'fuzz'}"),
          new Seed(
              "PutItem",
              "{'TableName':'fuzz','Item':"
                  + ITEM
                  + ",'ConditionExpression':'attribute_not_exists(pk) OR #s < :v',"
                  + "'ExpressionAttributeNames':{'#s':'sk'},'ExpressionAttributeValues':"
                  + "{':v':{'N':'10'}},'ReturnValues':'ALL_OLD','ReturnConsumedCapacity':'TOTAL',"
                  + "'ReturnItemCollectionMetrics':'SIZE',"
                  + "'ReturnValuesOnConditionCheckFailure':'ALL_OLD'}"),
          new Seed(
              "PutItem",
              "{'TableName':'fuzz','Item':"
                  + ITEM
                  + ",'Expected':{'g':{'ComparisonOperator':'BETWEEN','AttributeValueList':"
                  + "[{'S':'a'},{'S':'z'}]},'cnt':{'Exists':false}},'ConditionalOperator':'OR'}"),
          new Seed(
              "GetItem",
              "{'TableName':'fuzz','Key':"
                  + KEY
                  + ",'ProjectionExpression':'#a, m.a[0], g','ExpressionAttributeNames':"
                  + "{'#a':'pk'},'ConsistentRead':true,'ReturnConsumedCapacity':'TOTAL'}"),
          new Seed("GetItem", "{'TableName':'fuzz','Key':" + KEY + ",'AttributesToGet':['g','m']}"),
          new Seed(
              "UpdateItem",
              "{'TableName':'fuzz','Key':"
                  + KEY
                  + ",'UpdateExpression':'SET g = if_not_exists(g, :s), cnt = if_not_exists(cnt,"
                  + " :n) + :n, lst = list_append(if_not_exists(lst, :l), :l), m.a[0] = :s ADD"
                  + " ns2 :ns, ss :ss REMOVE x, m.z DELETE ss3 :ss','ConditionExpression':"
                  + "'size(g) < :n OR attribute_not_exists(g) OR attribute_type(g, :t)',"
                  + "'ExpressionAttributeValues':{':s':{'S':'v'},':n':{'N':'1'},':l':{'L':"
                  + "[{'S':'e'}]},':ss':{'SS':['a']},':ns':{'NS':['7']},':t':{'S':'S'}},"
                  + "'ReturnValues':'UPDATED_NEW','ReturnConsumedCapacity':'INDEXES'}"),
          new Seed(
              "UpdateItem",
              "{'TableName':'fuzz','Key':"
                  + KEY
                  + ",'AttributeUpdates':{'g':{'Action':'PUT','Value':{'S':'w'}},'cnt':"
                  + "{'Action':'ADD','Value':{'N':'2'}},'x':{'Action':'DELETE'}},"
                  + "'Expected':{'pk':{'Value':{'S':'p1'}}},'ReturnValues':'ALL_NEW'}"),
          new Seed(
              "DeleteItem",
              "{'TableName':'fuzz','Key':"
                  + KEY
                  + ",'ConditionExpression':'begins_with(g, :p) AND NOT contains(ss, :p)',"
                  + "'ExpressionAttributeValues':{':p':{'S':'x'}},'ReturnValues':'ALL_OLD',"
                  + "'ReturnItemCollectionMetrics':'SIZE'}"),
          new Seed(
              "Query",
              "{'TableName':'fuzz','KeyConditionExpression':'pk = :p AND sk BETWEEN :a AND :b',"
                  + "'FilterExpression':'attribute_exists(g) OR contains(m.a, :s)',"
                  + "'ProjectionExpression':'pk, sk, g','ExpressionAttributeValues':{':p':"
                  + "{'S':'p1'},':a':{'N':'0'},':b':{'N':'9'},':s':{'S':'a'}},'Limit':2,"
                  + "'ScanIndexForward':false,'ExclusiveStartKey':{'pk':{'S':'p1'},'sk':"
                  + "{'N':'3'}},'ReturnConsumedCapacity':'INDEXES','ConsistentRead':true}"),
          new Seed(
              "Query",
              "{'TableName':'fuzz','IndexName':'byG','KeyConditionExpression':'g = :g',"
                  + "'ExpressionAttributeValues':{':g':{'S':'x'}},'Select':'COUNT'}"),
          new Seed(
              "Query",
              "{'TableName':'fuzz','IndexName':'byL','KeyConditions':{'pk':{'ComparisonOperator':"
                  + "'EQ','AttributeValueList':[{'S':'p1'}]},'l':{'ComparisonOperator':'GT',"
                  + "'AttributeValueList':[{'N':'0'}]}},'QueryFilter':{'g':{'ComparisonOperator':"
                  + "'NOT_NULL'}},'AttributesToGet':['g','l'],'Select':'SPECIFIC_ATTRIBUTES'}"),
          new Seed(
              "Scan",
              "{'TableName':'fuzz','Segment':0,'TotalSegments':2,'Limit':5,'FilterExpression':"
                  + "'sk > :n AND size(ss) >= :n','ExpressionAttributeValues':{':n':{'N':'0'}},"
                  + "'Select':'ALL_ATTRIBUTES','ReturnConsumedCapacity':'TOTAL'}"),
          new Seed(
              "Scan",
              "{'TableName':'fuzz','IndexName':'byG','ScanFilter':{'g':{'ComparisonOperator':"
                  + "'IN','AttributeValueList':[{'S':'x'},{'S':'y'}]}},'ConditionalOperator':"
                  + "'AND','ExclusiveStartKey':{'pk':{'S':'p1'},'sk':{'N':'1'},'g':{'S':'x'}}}"),
          new Seed(
              "BatchGetItem",
              "{'RequestItems':{'fuzz':{'Keys':["
                  + KEY
                  + ",{'pk':{'S':'p1'},'sk':{'N':'2'}}],'ProjectionExpression':'pk, #g',"
                  + "'ExpressionAttributeNames':{'#g':'g'},'ConsistentRead':true}},"
                  + "'ReturnConsumedCapacity':'TOTAL'}"),
          new Seed(
              "BatchWriteItem",
              "{'RequestItems':{'fuzz':[{'PutRequest':{'Item':{'pk':{'S':'p2'},'sk':{'N':'1'},"
                  + "'g':{'S':'x'}}}},{'DeleteRequest':{'Key':{'pk':{'S':'p1'},'sk':{'N':'3'}}}}"
                  + "]},'ReturnConsumedCapacity':'TOTAL','ReturnItemCollectionMetrics':'SIZE'}"),
          new Seed(
              "TransactWriteItems",
              "{'TransactItems':[{'Put':{'TableName':'fuzz','Item':{'pk':{'S':'p3'},'sk':{'N':'1'}}"
                  + ",'ConditionExpression':'attribute_not_exists(pk)'}},{'Update':{'TableName':"
                  + "'fuzz','Key':"
                  + KEY
                  + ",'UpdateExpression':'ADD cnt :one','ExpressionAttributeValues':{':one':"
                  + "{'N':'1'}}}},{'Delete':{'TableName':'fuzz','Key':{'pk':{'S':'p1'},'sk':"
                  + "{'N':'2'}}}},{'ConditionCheck':{'TableName':'fuzz','Key':{'pk':{'S':'p1'},"
                  + "'sk':{'N':'3'}},'ConditionExpression':'attribute_exists(pk)',"
                  + "'ReturnValuesOnConditionCheckFailure':'ALL_OLD'}}],'ClientRequestToken':"
                  + "'token-1','ReturnConsumedCapacity':'TOTAL','ReturnItemCollectionMetrics':"
                  + "'SIZE'}"),
          new Seed(
              "TransactGetItems",
              "{'TransactItems':[{'Get':{'TableName':'fuzz','Key':"
                  + KEY
                  + ",'ProjectionExpression':'g, #c','ExpressionAttributeNames':{'#c':'cnt'}}}],"
                  + "'ReturnConsumedCapacity':'TOTAL'}"),
          new Seed("DescribeTimeToLive", "{'TableName':'fuzz'}"),
          new Seed(
              "UpdateTimeToLive",
              "{'TableName':'fuzz','TimeToLiveSpecification':{'Enabled':true,'AttributeName':"
                  + "'ttl'}}"),
          new Seed("TagResource", "{'ResourceArn':'" + ARN + "','Tags':[{'Key':'a','Value':'b'}]}"),
          new Seed("UntagResource", "{'ResourceArn':'" + ARN + "','TagKeys':['a']}"),
          new Seed("ListTagsOfResource", "{'ResourceArn':'" + ARN + "','NextToken':'x'}"),
          new Seed("DescribeLimits", "{}"),
          new Seed("DescribeEndpoints", "{}"));

  /** The operations that have seeds: every operation the engine serves. */
  static List<String> operations() {
    List<String> names = new ArrayList<>();
    for (Seed s : ALL) {
      if (!names.contains(s.operation())) {
        names.add(s.operation());
      }
    }
    return names;
  }

  /** Creates the fixture table and its items through {@code call(operation, body)}. */
  static void createFixture(BiFunction<String, byte[], Integer> call) {
    call.apply("CreateTable", bytes(CREATE_FIXTURE));
    for (String item : FIXTURE_ITEMS) {
      call.apply("PutItem", bytes(item));
    }
  }

  static byte[] bytes(String singleQuoted) {
    return singleQuoted.replace('\'', '"').getBytes(StandardCharsets.UTF_8);
  }

  private SeedRequests() {}
}
