"""Drives a Dynakit engine with an unmodified boto3 client.

Usage: python3 boto3_smoke.py ENDPOINT
Prints one line per check and exits non-zero on the first failure.
"""
import sys

import boto3
from botocore.exceptions import ClientError


def expect_error(code, call, **kwargs):
    try:
        call(**kwargs)
    except ClientError as e:
        got = e.response["Error"]["Code"]
        assert got == code, f"expected {code}, got {got}: {e}"
        return e
    raise AssertionError(f"expected {code}, call succeeded")


def main(endpoint):
    ddb = boto3.client(
        "dynamodb",
        endpoint_url=endpoint,
        region_name="us-east-1",
        aws_access_key_id="any",
        aws_secret_access_key="any",
    )
    ddb.create_table(
        TableName="py_items",
        AttributeDefinitions=[
            {"AttributeName": "pk", "AttributeType": "S"},
            {"AttributeName": "sk", "AttributeType": "N"},
        ],
        KeySchema=[
            {"AttributeName": "pk", "KeyType": "HASH"},
            {"AttributeName": "sk", "KeyType": "RANGE"},
        ],
        BillingMode="PAY_PER_REQUEST",
    )
    ddb.get_waiter("table_exists").wait(TableName="py_items")
    print("create_table ok")

    assert "py_items" in ddb.list_tables()["TableNames"]
    desc = ddb.describe_table(TableName="py_items")["Table"]
    assert desc["TableStatus"] == "ACTIVE", desc
    print("list/describe ok")

    ddb.put_item(
        TableName="py_items",
        Item={
            "pk": {"S": "a"},
            "sk": {"N": "1"},
            "name": {"S": "alpha"},
            "tags": {"SS": ["x", "y"]},
            "blob": {"B": b"\x00\x01"},
            "nested": {"M": {"seq": {"L": [{"N": "1"}, {"BOOL": True}, {"NULL": True}]}}},
        },
    )
    item = ddb.get_item(TableName="py_items", Key={"pk": {"S": "a"}, "sk": {"N": "1"}}, ConsistentRead=True)["Item"]
    assert item["name"] == {"S": "alpha"}, item
    assert item["blob"] == {"B": b"\x00\x01"}, item
    assert item["nested"]["M"]["seq"]["L"][1] == {"BOOL": True}, item
    print("put/get ok")

    out = ddb.update_item(
        TableName="py_items",
        Key={"pk": {"S": "a"}, "sk": {"N": "1"}},
        UpdateExpression="SET #n = :n, tally = if_not_exists(tally, :zero) + :one ADD tags :z REMOVE nested.seq[0]",
        ExpressionAttributeNames={"#n": "name"},
        ExpressionAttributeValues={":n": {"S": "beta"}, ":zero": {"N": "0"}, ":one": {"N": "1"}, ":z": {"SS": ["z"]}},
        ReturnValues="ALL_NEW",
    )["Attributes"]
    assert out["name"] == {"S": "beta"}, out
    assert out["tally"] == {"N": "1"}, out
    assert sorted(out["tags"]["SS"]) == ["x", "y", "z"], out
    assert len(out["nested"]["M"]["seq"]["L"]) == 2, out
    print("update ok")

    err = expect_error(
        "ConditionalCheckFailedException",
        ddb.put_item,
        TableName="py_items",
        Item={"pk": {"S": "a"}, "sk": {"N": "1"}},
        ConditionExpression="attribute_not_exists(pk)",
        ReturnValuesOnConditionCheckFailure="ALL_OLD",
    )
    assert err.response.get("Item", {}).get("name") == {"S": "beta"}, err.response
    print("conditional failure ok")

    expect_error("ValidationException", ddb.put_item, TableName="py_items", Item={"pk": {"S": "a"}})
    expect_error("ResourceNotFoundException", ddb.get_item, TableName="missing_table", Key={"pk": {"S": "a"}})
    expect_error(
        "ValidationException",
        ddb.update_item,
        TableName="py_items",
        Key={"pk": {"S": "a"}, "sk": {"N": "1"}},
        UpdateExpression="SET status = :v",
        ExpressionAttributeValues={":v": {"S": "x"}},
    )
    print("validation errors ok")

    # issue 31: refusals in DynamoDB's words, as boto3 surfaces them
    def message(code, call, **kwargs):
        return expect_error(code, call, **kwargs).response["Error"]["Message"]

    key = {"pk": {"S": "a"}, "sk": {"N": "1"}}
    msg = message(
        "ValidationException",
        ddb.put_item,
        TableName="py_items",
        Item=key,
        Expected={"v": {"ComparisonOperator": "EQ", "AttributeValueList": []}},
    )
    assert "Invalid number of argument(s) for the EQ ComparisonOperator" in msg, msg
    msg = message(
        "ValidationException",
        ddb.put_item,
        TableName="py_items",
        Item=key,
        ConditionExpression="if_not_exists(a, :v) = :v",
        ExpressionAttributeValues={":v": {"S": "x"}},
    )
    assert msg == (
        "Invalid ConditionExpression: The function is not allowed in a condition expression;"
        " function: if_not_exists"
    ), msg
    msg = message(
        "ValidationException",
        ddb.update_item,
        TableName="py_items",
        Key=key,
        UpdateExpression="SET a = attribute_exists(b)",
    )
    assert msg == (
        "Invalid UpdateExpression: The function is not allowed in an update expression;"
        " function: attribute_exists"
    ), msg
    msg = message(
        "ValidationException",
        ddb.query,
        TableName="py_items",
        KeyConditionExpression="pk = :p AND pk = :q",
        ExpressionAttributeValues={":p": {"S": "a"}, ":q": {"S": "b"}},
    )
    assert msg == "KeyConditionExpressions must only contain one condition per key", msg
    msg = message("ValidationException", ddb.get_item, TableName="py_items", Key=key, ProjectionExpression="l[4294967295]")
    assert msg.endswith("List index is not within the allowable range; index: [4294967295]"), msg
    msg = message(
        "ValidationException",
        ddb.scan,
        TableName="py_items",
        ExclusiveStartKey={"pk": {"S": "a"}, "sk": {"S": "1"}},
    )
    assert msg == "The provided starting key is invalid: The provided key element does not match the schema", msg
    msg = message(
        "ValidationException",
        ddb.put_item,
        TableName="py_items",
        Item={"pk": {"S": "a"}, "sk": {"N": "1"}, "n": {"N": "123456789012345678901234567890123456789"}},
    )
    assert msg == "Attempting to store more than 38 significant digits in a Number", msg
    expect_error("ValidationException", ddb.describe_table, TableName="a#bc")
    print("issue 31 refusals ok")

    old = ddb.delete_item(TableName="py_items", Key={"pk": {"S": "a"}, "sk": {"N": "1"}}, ReturnValues="ALL_OLD")
    assert old["Attributes"]["name"] == {"S": "beta"}, old
    assert "Item" not in ddb.get_item(TableName="py_items", Key={"pk": {"S": "a"}, "sk": {"N": "1"}})
    print("delete ok")

    with_items = [
        {"PutRequest": {"Item": {"pk": {"S": "q"}, "sk": {"N": str(i)}, "v": {"N": str(i % 3)}}}}
        for i in range(1, 11)
    ]
    assert ddb.batch_write_item(RequestItems={"py_items": with_items})["UnprocessedItems"] == {}
    got = ddb.batch_get_item(
        RequestItems={"py_items": {"Keys": [{"pk": {"S": "q"}, "sk": {"N": "2"}}, {"pk": {"S": "q"}, "sk": {"N": "9"}}]}}
    )["Responses"]["py_items"]
    assert sorted(int(i["sk"]["N"]) for i in got) == [2, 9], got
    print("batch ok")

    pages = ddb.get_paginator("query").paginate(
        TableName="py_items",
        KeyConditionExpression="pk = :p AND sk BETWEEN :lo AND :hi",
        FilterExpression="v = :zero",
        ExpressionAttributeValues={":p": {"S": "q"}, ":lo": {"N": "2"}, ":hi": {"N": "9"}, ":zero": {"N": "0"}},
        ScanIndexForward=False,
        PaginationConfig={"PageSize": 3},
    )
    seen = [int(i["sk"]["N"]) for page in pages for i in page["Items"]]
    assert seen == [9, 6, 3], seen
    scanned = [
        i for seg in range(3)
        for i in ddb.scan(TableName="py_items", Segment=seg, TotalSegments=3)["Items"]
    ]
    assert len(scanned) == 10, scanned
    print("query/scan ok")

    ddb.transact_write_items(
        TransactItems=[
            {"Update": {"TableName": "py_items", "Key": {"pk": {"S": "q"}, "sk": {"N": "1"}},
                        "UpdateExpression": "SET v = v + :one", "ExpressionAttributeValues": {":one": {"N": "1"}}}},
            {"ConditionCheck": {"TableName": "py_items", "Key": {"pk": {"S": "q"}, "sk": {"N": "2"}},
                                "ConditionExpression": "attribute_exists(pk)"}},
        ]
    )
    err = expect_error(
        "TransactionCanceledException",
        ddb.transact_write_items,
        TransactItems=[
            {"Delete": {"TableName": "py_items", "Key": {"pk": {"S": "q"}, "sk": {"N": "3"}}}},
            {"ConditionCheck": {"TableName": "py_items", "Key": {"pk": {"S": "q"}, "sk": {"N": "4"}},
                                "ConditionExpression": "attribute_not_exists(pk)"}},
        ],
    )
    codes = [r["Code"] for r in err.response["CancellationReasons"]]
    assert codes == ["None", "ConditionalCheckFailed"], codes
    snap = ddb.transact_get_items(
        TransactItems=[{"Get": {"TableName": "py_items", "Key": {"pk": {"S": "q"}, "sk": {"N": n}}}} for n in ("1", "3")]
    )["Responses"]
    assert snap[0]["Item"]["v"] == {"N": "2"} and "Item" in snap[1], snap
    print("transactions ok")

    arn = desc["TableArn"]
    ddb.tag_resource(ResourceArn=arn, Tags=[{"Key": "k", "Value": "v"}])
    assert ddb.list_tags_of_resource(ResourceArn=arn)["Tags"] == [{"Key": "k", "Value": "v"}]
    print("tags ok")

    ddb.untag_resource(ResourceArn=arn, TagKeys=["k"])
    assert ddb.list_tags_of_resource(ResourceArn=arn)["Tags"] == []
    print("untag ok")

    deleted = ddb.delete_table(TableName="py_items")["TableDescription"]
    assert deleted["TableStatus"] == "DELETING", deleted
    assert "CreationDateTime" not in deleted and "KeySchema" not in deleted, deleted
    assert "py_items" not in ddb.list_tables()["TableNames"]
    print("delete_table ok")

    streams_check(ddb, endpoint)
    print("ALL OK")


def streams_check(ddb, endpoint):
    """A mixed workload, then boto3's dynamodbstreams client reads every change once, in order."""
    ddb.create_table(
        TableName="py_stream",
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
        BillingMode="PAY_PER_REQUEST",
        StreamSpecification={"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"},
    )
    expected = {}

    def logged(pk, event, new):
        expected.setdefault(pk, []).append((event, new))

    def item(pk, v):
        return {"pk": {"S": pk}, "v": {"N": str(v)}}

    ddb.put_item(TableName="py_stream", Item=item("a", 1))
    logged("a", "INSERT", item("a", 1))
    ddb.put_item(TableName="py_stream", Item=item("a", 1))  # changes nothing: no record
    ddb.update_item(TableName="py_stream", Key={"pk": {"S": "a"}},
                    UpdateExpression="SET v = v + :one", ExpressionAttributeValues={":one": {"N": "1"}})
    logged("a", "MODIFY", item("a", 2))
    ddb.delete_item(TableName="py_stream", Key={"pk": {"S": "missing"}})  # no record either
    ddb.transact_write_items(TransactItems=[
        {"Put": {"TableName": "py_stream", "Item": item("b", 1)}},
        {"Delete": {"TableName": "py_stream", "Key": {"pk": {"S": "a"}}}},
    ])
    logged("b", "INSERT", item("b", 1))
    logged("a", "REMOVE", None)
    ddb.batch_write_item(RequestItems={"py_stream": [
        {"PutRequest": {"Item": item("c", 1)}},
        {"PutRequest": {"Item": item("b", 5)}},
    ]})
    logged("c", "INSERT", item("c", 1))
    logged("b", "MODIFY", item("b", 5))

    streams = boto3.client(
        "dynamodbstreams",
        endpoint_url=endpoint,
        region_name="us-east-1",
        aws_access_key_id="any",
        aws_secret_access_key="any",
    )
    arn = ddb.describe_table(TableName="py_stream")["Table"]["LatestStreamArn"]
    assert [s["StreamArn"] for s in streams.list_streams(TableName="py_stream")["Streams"]] == [arn]
    desc = streams.describe_stream(StreamArn=arn)["StreamDescription"]
    assert desc["StreamStatus"] == "ENABLED" and desc["StreamViewType"] == "NEW_AND_OLD_IMAGES", desc
    seen = {}
    for shard in desc["Shards"]:
        it = streams.get_shard_iterator(StreamArn=arn, ShardId=shard["ShardId"],
                                        ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
        while it:
            page = streams.get_records(ShardIterator=it, Limit=2)
            for r in page["Records"]:
                assert r["eventSource"] == "aws:dynamodb" and r["eventVersion"] == "1.1", r
                pk = r["dynamodb"]["Keys"]["pk"]["S"]
                seen.setdefault(pk, []).append((r["eventName"], r["dynamodb"].get("NewImage")))
            open_shard = "EndingSequenceNumber" not in shard["SequenceNumberRange"]
            it = None if (open_shard and not page["Records"]) else page.get("NextShardIterator")
    assert seen == expected, (seen, expected)
    expect_error("ResourceNotFoundException", streams.describe_stream, StreamArn=arn + "x")
    print("streams ok")


if __name__ == "__main__":
    main(sys.argv[1])
