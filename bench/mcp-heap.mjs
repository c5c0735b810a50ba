// The MCP server's live heap over many calls: the server's own code, in this
// process, over an in-memory transport, with a full GC before each reading.
// RSS alone cannot tell a leak from V8 keeping a larger heap for a steady
// allocation rate (the young generation grows to its maximum in the first
// calls and old space is collected late); what survives a full GC can.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { openMemory } from 'claude-mem';
import { buildMcpServer } from '../dist/mcp/server.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');

/** MB of heap that survives a full GC after 10 calls, then after each `calls` more, `rounds` times. */
export async function liveHeap(sb, queries, { calls, rounds }) {
  const memory = await openMemory({ cwd: sb.project, env: sb.env, sets: ['store.vector_model=lexical'] });
  const server = buildMcpServer(async () => memory, { agent: 'bench', allowForget: false, version: '0' });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(clientSide);
  const search = (i) => client.callTool({ name: 'search', arguments: { query: queries[i % queries.length], limit: 10 } });
  const reading = () => {
    gc();
    gc();
    return process.memoryUsage().heapUsed / 2 ** 20;
  };
  for (let i = 0; i < 10; i++) await search(i);
  const out = [reading()];
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < calls; i++) await search(i);
    out.push(reading());
  }
  await client.close();
  memory.close();
  return out;
}
