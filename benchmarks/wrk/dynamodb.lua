-- wrk script: DynamoDB JSON 1.0 requests, as the AWS SDKs send them, for one operation.
--
--   BENCH_OP=GetItem BENCH_TARGET=engine wrk -t2 -c16 -d10s -s dynamodb.lua http://127.0.0.1:PORT/
--
-- BENCH_OP is GetItem, PutItem, Query or BatchWriteItem; the data and request shapes are those of
-- dev.dynakit.benchmarks.Workload (the seeded tables bench_items and bench_query). Each thread
-- prebuilds a pool of requests in init(), so the load generator spends its time on sockets, not
-- on Lua string building. done() prints one result line in the format of
-- dev.dynakit.benchmarks.Result, prefixed with "RESULT\t".

local op = os.getenv("BENCH_OP") or "GetItem"
local target = os.getenv("BENCH_TARGET") or "unknown"
local connections = os.getenv("BENCH_CONNECTIONS") or "0"

local SEEDED_ITEMS = 1000
local PUT_KEY_SPACE = 100000
local BATCH_KEY_SPACE = 4000
local BATCH_SIZE = 25

wrk.method = "POST"
wrk.path = "/"
wrk.headers["Content-Type"] = "application/x-amz-json-1.0"
wrk.headers["X-Amz-Target"] = "DynamoDB_20120810." .. op
wrk.headers["X-Amz-Date"] = "20250101T000000Z"
-- servers under test do not verify signatures, but dynalite insists on a well-formed header
wrk.headers["Authorization"] = "AWS4-HMAC-SHA256 Credential=bench/20250101/us-east-1/dynamodb/aws4_request, "
  .. "SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=" .. string.rep("0", 64)

local function item(pk, n)
  return string.format(
    '{"pk":{"S":"%s"},"name":{"S":"benchmark item %d"},"count":{"N":"%d"},"active":{"BOOL":true}}',
    pk, n, n)
end

local builders = {
  GetItem = function()
    local n = math.random(0, SEEDED_ITEMS - 1)
    return string.format('{"TableName":"bench_items","Key":{"pk":{"S":"item-%d"}}}', n)
  end,
  PutItem = function()
    local n = math.random(0, PUT_KEY_SPACE - 1)
    return '{"TableName":"bench_items","Item":' .. item("put-" .. n, n) .. '}'
  end,
  Query = function()
    return '{"TableName":"bench_query","KeyConditionExpression":"pk = :p",'
      .. '"ExpressionAttributeValues":{":p":{"S":"p0"}}}'
  end,
  BatchWriteItem = function()
    -- one random base, distinct keys under it: DynamoDB refuses two puts on one key in a batch
    local base = math.random(0, BATCH_KEY_SPACE - 1)
    local puts = {}
    for i = 0, BATCH_SIZE - 1 do
      puts[#puts + 1] = '{"PutRequest":{"Item":' .. item("batch-" .. base .. "-" .. i, i) .. '}}'
    end
    return '{"RequestItems":{"bench_items":[' .. table.concat(puts, ",") .. ']}}'
  end,
}

local build = builders[op]
if build == nil then
  error("BENCH_OP must be GetItem, PutItem, Query or BatchWriteItem, not " .. op)
end

local next_id = 0
function setup(thread)
  next_id = next_id + 1
  thread:set("thread_id", next_id)
end

local pool = {}
local at = 0
function init(args)
  math.randomseed(os.time() * 1000 + (thread_id or 0))
  local size = (op == "Query") and 1 or 1024
  for i = 1, size do
    pool[i] = wrk.format(nil, nil, nil, build())
  end
end

function request()
  at = at + 1
  if at > #pool then
    at = 1
  end
  return pool[at]
end

function done(summary, latency, requests)
  local e = summary.errors
  local failed = e.status + e.connect + e.read + e.write + e.timeout
  io.write(string.format("RESULT\twrk\t%s\t%s\t%s\t%d\t%.3f\t%.1f\t%.1f\t%d\t%s\n",
    op, target, connections,
    summary.requests - e.status, summary.duration / 1e6,
    latency:percentile(50), latency:percentile(99), failed,
    (failed > 0) and string.format("non-2xx %d, socket errors %d", e.status, failed - e.status) or ""))
end
