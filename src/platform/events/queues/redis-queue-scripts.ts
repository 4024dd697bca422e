import { RedisKeyspace } from '../../redis/redis-keyspace';

/**
 * The Lua scripts behind RedisEventQueueStore, each one atomic step on the queues.
 *
 * Keys, under a deployment's prefix `P` (`chat:<namespace>:evq`, see RedisKeyspace), which
 * every script gets as KEYS[1]: per queue a hash `{q}:d` (descriptor `d`, `next` id, newest
 * `pruned` id, `lifespan`, `user`, `realm`, `aps`, `bytes` held, newest poll number
 * `pseq`, `lastpoll` time, and `parked` = `process:seq:parked-at-ms` while a poll is
 * parked, else empty) and a sorted set `{q}:e` of event texts scored by id; per user a
 * set of queue ids; per realm a set of `all_public_streams` queues; one sorted set of idle
 * deadlines; one sorted set of the dedupe keys of deliveries taken, scored by time. A part
 * many queues share (a message) is one hash `b:<n>` (`t` its text, `r` the queue entries
 * referring to it); an entry refers to it as `\1<n>,<length>\1`, bytes that cannot occur in
 * JSON text outside a string, nor raw inside one.
 *
 * Keys are computed inside the scripts: the store needs one Redis (not a Redis Cluster).
 */

/** Where a keyspace keeps its event queues. */
export const queuePrefix = (keyspace: RedisKeyspace): string => keyspace.key('evq');
/**
 * The layout before namespaces kept one deployment's queues here. Its keys are dropped at
 * the upgrade (RedisDeployments); queues an old process still made afterwards are collected
 * as they expire, as an abandoned namespace's are.
 */
export const LEGACY_PREFIX = 'chat:evq';
/** Queue removals, to every process of the deployment. */
export const broadcastChannel = (prefix: string): string => `${prefix}:signal`;
/** Wakes and supersedes for the polls one process holds. */
export const wakeChannel = (prefix: string, processId: string): string => `${prefix}:wake:${processId}`;
export const expiryKey = (prefix: string): string => `${prefix}:expiry`;
/** Queues that had a poll parked on a process that shut down: they get a `restart` event. */
export const restartKey = (prefix: string): string => `${prefix}:restart-pending`;
export const descriptorKey = (prefix: string, queueId: string): string => `${prefix}:{${queueId}}:d`;
export const userKey = (prefix: string, userId: number): string => `${prefix}:u:${userId}`;
export const allPublicKey = (prefix: string, realmId: number): string => `${prefix}:aps:${realmId}`;

const HELPERS = `
local P = KEYS[1]
local function descKey(q) return P .. ':{' .. q .. '}:d' end
local function eventsKey(q) return P .. ':{' .. q .. '}:e' end
local function bodyKey(n) return P .. ':b:' .. n end
-- An entry's reference to a shared part: \\1<part number>,<its length>\\1.
local function refOf(entry)
  local s = string.find(entry, '\\1', 1, true)
  if not s then return nil end
  local e = string.find(entry, '\\1', s + 1, true)
  local c = string.find(entry, ',', s + 1, true)
  return string.sub(entry, s + 1, c - 1), tonumber(string.sub(entry, c + 1, e - 1)), s, e
end
-- References let go of by this call, by shared part: a hundred queues acknowledging one
-- message cost one decrement of its part, not a hundred (see releaseParts).
local released = {}
-- Lets go of stored entries: their shared parts lose a reference. Returns the bytes they held.
local function release(entries)
  local freed = 0
  for _, entry in ipairs(entries) do
    freed = freed + #entry
    local n, size = refOf(entry)
    if n then
      freed = freed + size
      released[n] = (released[n] or 0) + 1
    end
  end
  return freed
end
-- Every script that releases entries calls this before it returns: parts nobody refers to go.
local function releaseParts()
  for n, count in pairs(released) do
    local key = bodyKey(n)
    if redis.call('HINCRBY', key, 'r', -count) <= 0 then redis.call('DEL', key) end
  end
  released = {}
end
-- An entry as clients get it: the shared part it refers to spliced in.
local function expand(entry)
  local n, _, s, e = refOf(entry)
  if not n then return entry end
  return string.sub(entry, 1, s - 1) .. (redis.call('HGET', bodyKey(n), 't') or 'null') .. string.sub(entry, e + 1)
end
local function dropQueue(q)
  local d = descKey(q)
  redis.call('ZREM', P .. ':expiry', q)
  local f = redis.call('HMGET', d, 'user', 'realm', 'aps', 'quota')
  if not f[1] then return 0 end
  release(redis.call('ZRANGE', eventsKey(q), 0, -1))
  redis.call('DEL', d, eventsKey(q))
  redis.call('SREM', P .. ':u:' .. f[1], q)
  redis.call('SREM', P .. ':o:' .. (f[4] or f[1]), q)
  if f[3] == '1' then redis.call('SREM', P .. ':aps:' .. f[2], q) end
  return 1
end
-- Removes the entries up to last; returns the bytes they held.
local function prune(q, last)
  local ek = eventsKey(q)
  local gone = redis.call('ZRANGEBYSCORE', ek, '-inf', last)
  if #gone == 0 then return 0 end
  redis.call('ZREMRANGEBYSCORE', ek, '-inf', last)
  return release(gone)
end
local function pending(q, out)
  for _, entry in ipairs(redis.call('ZRANGE', eventsKey(q), 0, -1)) do out[#out + 1] = expand(entry) end
  return out
end
local function parkedProcess(mark)
  return string.match(mark, '^([^:]*)')
end
`;

/**
 * ARGV: queue id, descriptor JSON, lifespan s, user, realm, aps (0/1), now, per-user limit,
 * parked-mark lifetime ms, quota user (whose cap the queue counts toward: the user, or a
 * bot's owner; set `o:<quota user>`). Makes room first: the quota's least recently polled
 * queues whose poll is not parked (a mark older than its lifetime is a dead process's) go.
 * Returns {0, evicted ids...}, or {-1} when every queue of the quota has a poll parked.
 */
export const CREATE_SCRIPT = `${HELPERS}
local q, user, now, limit, quota = ARGV[1], ARGV[4], tonumber(ARGV[7]), tonumber(ARGV[8]), ARGV[10]
local ukey = P .. ':u:' .. user
local okey = P .. ':o:' .. quota
local out = {0}
local held = redis.call('SMEMBERS', okey)
if #held >= limit then
  local idle = {}
  for _, c in ipairs(held) do
    local f = redis.call('HMGET', descKey(c), 'parked', 'lastpoll')
    local at = f[1] and tonumber(string.match(f[1], ':(%d+)$'))
    if not (at and at > now - tonumber(ARGV[9])) then idle[#idle + 1] = {c, tonumber(f[2] or '0')} end
  end
  local excess = #held - limit + 1
  if #idle < excess then return {-1} end
  table.sort(idle, function(a, b) return a[2] < b[2] end)
  for i = 1, excess do
    dropQueue(idle[i][1])
    redis.call('SREM', okey, idle[i][1])
    out[#out + 1] = idle[i][1]
  end
end
redis.call('HSET', descKey(q), 'd', ARGV[2], 'next', 0, 'pruned', -1, 'pseq', 0, 'bytes', 0, 'parked', '',
  'lastpoll', now, 'lifespan', ARGV[3], 'user', user, 'realm', ARGV[5], 'aps', ARGV[6], 'quota', quota)
redis.call('SADD', ukey, q)
redis.call('SADD', okey, q)
if ARGV[6] == '1' then redis.call('SADD', P .. ':aps:' .. ARGV[5], q) end
redis.call('ZADD', P .. ':expiry', now + tonumber(ARGV[3]) * 1000, q)
releaseParts()
if #out > 1 then redis.call('PUBLISH', P .. ':signal', 'r ' .. table.concat(out, ' ', 2)) end
return out`;

/**
 * One step for a whole batch of appends. ARGV: now, max events, max bytes, dedupe
 * window ms, this process's id; then the shared parts (count, texts); then the distinct
 * event texts (count, then per text: head, shared part index or 0, tail, merge key,
 * breaks key); then the groups (count, then per group: dedupe key or '', append count,
 * then per append: queue id, text index).
 *
 * An entry is `{"id":N,` + head without its `{` + (a reference to the shared part) + tail.
 * Virtual events (a merge key) absorb the queue's unacknowledged event of that key (see
 * virtualEventKeys). Wakes the processes whose polls are parked on the queues appended
 * to: others by a message on their channel, this one through the answer. Queues left
 * over a limit are removed (and every process told).
 *
 * Returns {ids, queues parked here that got events, removed queues}: per append its id,
 * -1 for a missing queue, -3 for a group refused as a duplicate.
 */
export const APPEND_SCRIPT = `${HELPERS}
local now, maxEvents, maxBytes, pid = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[5]
local delivered = P .. ':delivered'
redis.call('ZREMRANGEBYSCORE', delivered, '-inf', now - tonumber(ARGV[4]))
local i = 6
local shared = {}
for s = 1, tonumber(ARGV[i]) do shared[s] = {text = ARGV[i + s], refs = 0} end
i = i + 1 + #shared
local texts = {}
for t = 1, tonumber(ARGV[i]) do
  local j = i + 1 + (t - 1) * 5
  texts[t] = {head = string.sub(ARGV[j], 2), shared = tonumber(ARGV[j + 1]), tail = ARGV[j + 2], merge = ARGV[j + 3], breaks = ARGV[j + 4]}
end
i = i + 1 + #texts * 5
local ids, here, seenHere, remote, over = {}, {}, {}, {}, {}
local function appendOne(q, text)
  local d = descKey(q)
  local state = redis.call('HMGET', d, 'next', 'parked', 'bytes')
  if not state[1] then return -1 end
  local id = tonumber(state[1])
  local bytes = tonumber(state[3])
  local ek = eventsKey(q)
  local entry
  if text.shared > 0 then
    local part = shared[text.shared]
    if not part.n then part.n = redis.call('INCR', P .. ':bseq') end
    part.refs = part.refs + 1
    entry = '{"id":' .. id .. ',' .. text.head .. '\\1' .. part.n .. ',' .. #part.text .. '\\1' .. text.tail
    bytes = bytes + #entry + #part.text
  else
    entry = '{"id":' .. id .. ',' .. text.head .. text.tail
    if text.breaks ~= '' then redis.call('HDEL', d, 'v:' .. text.breaks) end
    if text.merge ~= '' then
      local field = 'v:' .. text.merge
      local earlier = redis.call('HGET', d, field)
      if earlier and redis.call('ZSCORE', ek, earlier) then
        redis.call('ZREM', ek, earlier)
        bytes = bytes - #earlier
        local merged = cjson.decode(earlier)
        local added = cjson.decode(entry)
        for _, message in ipairs(added.messages) do table.insert(merged.messages, message) end
        merged.id = id
        merged.all = (merged.all == true) or (added.all == true)
        -- cjson writes an empty list as {}: an empty merge keeps the new event's own text.
        if #merged.messages > 0 then entry = cjson.encode(merged) end
      end
      redis.call('HSET', d, field, entry)
    end
    bytes = bytes + #entry
  end
  redis.call('ZADD', ek, id, entry)
  redis.call('HSET', d, 'next', id + 1, 'bytes', bytes)
  if state[2] and state[2] ~= '' then
    local owner = parkedProcess(state[2])
    if owner == pid then
      if not seenHere[q] then seenHere[q] = true; here[#here + 1] = q end
    else
      remote[owner] = remote[owner] or {}
      remote[owner][q] = true
    end
  end
  if bytes > maxBytes or redis.call('ZCARD', ek) > maxEvents then over[q] = true end
  return id
end
local groupCount = tonumber(ARGV[i])
i = i + 1
for _ = 1, groupCount do
  local key, count = ARGV[i], tonumber(ARGV[i + 1])
  i = i + 2
  local refused = false
  if key ~= '' then
    if redis.call('ZSCORE', delivered, key) then refused = true else redis.call('ZADD', delivered, now, key) end
  end
  for _ = 1, count do
    ids[#ids + 1] = refused and -3 or appendOne(ARGV[i], texts[tonumber(ARGV[i + 1])])
    i = i + 2
  end
end
for _, part in ipairs(shared) do
  if part.refs > 0 then redis.call('HSET', bodyKey(part.n), 't', part.text, 'r', part.refs) end
end
local removed = {}
for q in pairs(over) do
  dropQueue(q)
  removed[#removed + 1] = q
end
releaseParts()
if #removed > 0 then redis.call('PUBLISH', P .. ':signal', 'r ' .. table.concat(removed, ' ')) end
for owner, queues in pairs(remote) do
  local list = {}
  for q in pairs(queues) do if not over[q] then list[#list + 1] = q end end
  if #list > 0 then redis.call('PUBLISH', P .. ':wake:' .. owner, 'a ' .. table.concat(list, ' ')) end
end
local parkedHere = {}
for _, q in ipairs(here) do if not over[q] then parkedHere[#parkedHere + 1] = q end end
return {ids, parkedHere, removed}`;

/**
 * A new poll. ARGV: queue id, user id, last event id, now, this process's id, park (0/1).
 * Returns {status, seq, events...}: status 0, or -1 missing (or another user's), -2
 * already pruned, -3 not in this queue. A poll parked elsewhere is told it is superseded.
 * One write to the queue's hash records the acknowledgement, the poll and its mark.
 */
export const POLL_SCRIPT = `${HELPERS}
local q, last, now, pid = ARGV[1], tonumber(ARGV[3]), tonumber(ARGV[4]), ARGV[5]
local d = descKey(q)
local f = redis.call('HMGET', d, 'next', 'pruned', 'lifespan', 'pseq', 'parked', 'user', 'bytes')
if not f[1] or f[6] ~= ARGV[2] then return {-1} end
redis.call('ZADD', P .. ':expiry', now + tonumber(f[3]) * 1000, q)
local pruned = tonumber(f[2])
if last < pruned then return {-2} end
if last >= tonumber(f[1]) then return {-3} end
local bytes = tonumber(f[7])
if last > pruned then bytes = bytes - prune(q, last) end
local seq = tonumber(f[4]) + 1
local out = pending(q, {0, seq})
local mark = ''
if #out == 2 and ARGV[6] == '1' then mark = pid .. ':' .. seq .. ':' .. now end
redis.call('HSET', d, 'pruned', last, 'bytes', bytes, 'pseq', seq, 'parked', mark, 'lastpoll', now)
if f[5] ~= '' then
  local owner = parkedProcess(f[5])
  if owner ~= pid then redis.call('PUBLISH', P .. ':wake:' .. owner, 'p ' .. q .. ' ' .. seq) end
end
releaseParts()
return out`;

/** ARGV: queue id, last event id. Returns {status, newest poll, events...} (statuses as POLL_SCRIPT). */
export const READ_SCRIPT = `${HELPERS}
local q, last = ARGV[1], tonumber(ARGV[2])
local d = descKey(q)
local f = redis.call('HMGET', d, 'next', 'pruned', 'pseq', 'bytes')
if not f[1] then return {-1} end
local pruned = tonumber(f[2])
if last < pruned then return {-2} end
if last >= tonumber(f[1]) then return {-3} end
if last > pruned then redis.call('HSET', d, 'pruned', last, 'bytes', tonumber(f[4]) - prune(q, last)) end
local out = pending(q, {0, tonumber(f[3])})
releaseParts()
return out`;

/**
 * ARGV: now, then queue id and last event id pairs: events acknowledged by polls that did
 * not read (see EventQueueStore.acknowledge).
 */
export const ACKNOWLEDGE_SCRIPT = `${HELPERS}
local now = ARGV[1]
for i = 2, #ARGV, 2 do
  local q, last = ARGV[i], tonumber(ARGV[i + 1])
  local d = descKey(q)
  local f = redis.call('HMGET', d, 'next', 'pruned', 'bytes')
  if f[1] and last > tonumber(f[2]) and last < tonumber(f[1]) then
    redis.call('HSET', d, 'pruned', last, 'bytes', tonumber(f[3]) - prune(q, last), 'lastpoll', now)
  end
end
releaseParts()
return 0`;

/**
 * ARGV: this process's id, then queue id, poll number and end time triples: those polls
 * ended (and no newer poll of this process came since). Each queue's idle clock restarts
 * from the end, and its parked mark goes if it is still that poll's.
 */
export const POLLS_ENDED_SCRIPT = `${HELPERS}
local pid = ARGV[1]
for i = 2, #ARGV, 3 do
  local q, ended = ARGV[i], tonumber(ARGV[i + 2])
  local d = descKey(q)
  local f = redis.call('HMGET', d, 'parked', 'lifespan')
  if f[2] then
    local mark = pid .. ':' .. ARGV[i + 1] .. ':'
    if string.sub(f[1], 1, #mark) == mark then redis.call('HSET', d, 'parked', '', 'lastpoll', ended) end
    redis.call('ZADD', P .. ':expiry', 'GT', ended + tonumber(f[2]) * 1000, q)
  end
end
return 0`;

/** ARGV: user ids. Returns the ids of their queues (one call, not one per user). */
export const QUEUES_OF_USERS_SCRIPT = `${HELPERS}
local out = {}
for i = 1, #ARGV do
  for _, q in ipairs(redis.call('SMEMBERS', P .. ':u:' .. ARGV[i])) do out[#out + 1] = q end
end
return out`;

/** ARGV: now, queue ids: pushes each queue's deadline out to now + its lifespan. */
export const KEEP_ALIVE_SCRIPT = `${HELPERS}
local now = tonumber(ARGV[1])
for i = 2, #ARGV do
  local lifespan = redis.call('HGET', descKey(ARGV[i]), 'lifespan')
  if lifespan then redis.call('ZADD', P .. ':expiry', 'GT', now + tonumber(lifespan) * 1000, ARGV[i]) end
end
return 0`;

/**
 * ARGV: deadline bound ('' for none), queue ids. Removes each queue (with a bound, only if
 * its deadline is at or before it, so of several processes collecting at once one removes
 * it), tells every process, and returns the ids removed.
 */
export const REMOVE_SCRIPT = `${HELPERS}
local removed = {}
for i = 2, #ARGV do
  local q = ARGV[i]
  local deadline = redis.call('ZSCORE', P .. ':expiry', q)
  if ARGV[1] == '' or not deadline or tonumber(deadline) <= tonumber(ARGV[1]) then
    if dropQueue(q) == 1 then removed[#removed + 1] = q end
  end
end
releaseParts()
if #removed > 0 then redis.call('PUBLISH', P .. ':signal', 'r ' .. table.concat(removed, ' ')) end
return removed`;

/**
 * ARGV: now, queue ids (candidates from the expiry set). The idle collection: removes each
 * queue whose deadline is at or before now (of several processes collecting at once, one
 * removes it), tells every process, and returns, per queue removed, its id, its user and
 * the ids of the messages of the `message` events it still held, flat:
 * {q, user, count, message ids..., q, ...}. Only here is a queue's content read at
 * removal (for the missed-message emails of a client gone away); appends pay nothing.
 */
export const COLLECT_SCRIPT = `${HELPERS}
local now = tonumber(ARGV[1])
local out, removed, bodies = {}, {}, {}
local function messageId(entry)
  if not string.match(entry, '^{"id":%d+,"type":"message",') then return nil end
  local n = refOf(entry)
  if not n then
    local ok, event = pcall(cjson.decode, entry)
    return ok and type(event.message) == 'table' and tonumber(event.message.id) or nil
  end
  if bodies[n] == nil then
    local ok, message = pcall(cjson.decode, redis.call('HGET', bodyKey(n), 't') or 'null')
    bodies[n] = ok and type(message) == 'table' and tonumber(message.id) or false
  end
  return bodies[n] or nil
end
for i = 2, #ARGV do
  local q = ARGV[i]
  local deadline = redis.call('ZSCORE', P .. ':expiry', q)
  if not deadline or tonumber(deadline) <= now then
    local user = redis.call('HGET', descKey(q), 'user')
    local ids = {}
    if user then
      for _, entry in ipairs(redis.call('ZRANGE', eventsKey(q), 0, -1)) do
        local id = messageId(entry)
        if id then ids[#ids + 1] = id end
      end
    end
    if dropQueue(q) == 1 then
      removed[#removed + 1] = q
      out[#out + 1] = q
      out[#out + 1] = tonumber(user)
      out[#out + 1] = #ids
      for _, id in ipairs(ids) do out[#out + 1] = id end
    end
  end
end
releaseParts()
if #removed > 0 then redis.call('PUBLISH', P .. ':signal', 'r ' .. table.concat(removed, ' ')) end
return out`;
