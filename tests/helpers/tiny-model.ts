import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import onnxProto from 'onnx-proto';

const { onnx } = onnxProto;

/**
 * Writes a tiny but real feature-extraction model that transformers.js
 * loads like any local model: an ONNX graph with a single Gather over an
 * embedding table, a WordPiece tokenizer and a BERT config. Its vectors are
 * word embeddings, mean-pooled by the pipeline: texts sharing words get
 * close vectors, which is enough to test the loading and pooling code.
 */
export function writeTinyModel(modelsDir: string, id: string, dims = 384): { dir: string; vocab: string[] } {
  const dir = join(modelsDir, ...id.split('/'));
  mkdirSync(join(dir, 'onnx'), { recursive: true });
  const words = ['hello', 'world', 'test', 'command', 'pytest', 'log', 'format', 'json', 'table', 'index', 'orders', 'the', 'is', 'a', '日', '志', '格', '式'];
  const vocab = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', ...words];
  const table = new Float32Array(vocab.length * dims);
  for (let v = 0; v < vocab.length; v++) {
    // Deterministic pseudo-random rows; special tokens are zero so they do not pull the mean.
    let x = (v + 1) * 2654435761;
    for (let d = 0; d < dims; d++) {
      x = (x * 1103515245 + 12345) >>> 0;
      table[v * dims + d] = v < 4 ? 0 : ((x / 0xffffffff) * 2 - 1);
    }
  }
  const tensorType = (elem: number, shape: Array<string | number>): InstanceType<typeof onnx.TypeProto> =>
    onnx.TypeProto.create({
      tensorType: {
        elemType: elem,
        shape: { dim: shape.map((s) => (typeof s === 'string' ? { dimParam: s } : { dimValue: s })) },
      },
    });
  const INT64 = onnx.TensorProto.DataType.INT64;
  const FLOAT = onnx.TensorProto.DataType.FLOAT;
  const graph = onnx.GraphProto.create({
    name: 'tiny',
    node: [onnx.NodeProto.create({ opType: 'Gather', input: ['embeddings', 'input_ids'], output: ['last_hidden_state'], attribute: [onnx.AttributeProto.create({ name: 'axis', type: onnx.AttributeProto.AttributeType.INT, i: 0 })] })],
    initializer: [onnx.TensorProto.create({ name: 'embeddings', dataType: FLOAT, dims: [vocab.length, dims], rawData: new Uint8Array(table.buffer) })],
    input: ['input_ids', 'attention_mask', 'token_type_ids'].map((name) => onnx.ValueInfoProto.create({ name, type: tensorType(INT64, ['batch', 'sequence']) })),
    output: [onnx.ValueInfoProto.create({ name: 'last_hidden_state', type: tensorType(FLOAT, ['batch', 'sequence', dims]) })],
  });
  const model = onnx.ModelProto.create({ irVersion: 7, opsetImport: [{ domain: '', version: 13 }], producerName: 'claude-mem-tests', graph });
  writeFileSync(join(dir, 'onnx', 'model.onnx'), onnx.ModelProto.encode(model).finish());

  writeFileSync(join(dir, 'config.json'), JSON.stringify({ model_type: 'bert', hidden_size: dims, vocab_size: vocab.length }));
  writeFileSync(
    join(dir, 'tokenizer_config.json'),
    JSON.stringify({ tokenizer_class: 'BertTokenizer', do_lower_case: true, model_max_length: 128, cls_token: '[CLS]', sep_token: '[SEP]', pad_token: '[PAD]', unk_token: '[UNK]' }),
  );
  writeFileSync(
    join(dir, 'tokenizer.json'),
    JSON.stringify({
      version: '1.0',
      truncation: null,
      padding: null,
      added_tokens: vocab.slice(0, 4).map((content, id) => ({ id, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true })),
      normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
      pre_tokenizer: { type: 'BertPreTokenizer' },
      post_processor: {
        type: 'TemplateProcessing',
        single: [{ SpecialToken: { id: '[CLS]', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }, { SpecialToken: { id: '[SEP]', type_id: 0 } }],
        pair: [{ SpecialToken: { id: '[CLS]', type_id: 0 } }, { Sequence: { id: 'A', type_id: 0 } }, { SpecialToken: { id: '[SEP]', type_id: 0 } }, { Sequence: { id: 'B', type_id: 1 } }, { SpecialToken: { id: '[SEP]', type_id: 1 } }],
        special_tokens: { '[CLS]': { id: '[CLS]', ids: [2], tokens: ['[CLS]'] }, '[SEP]': { id: '[SEP]', ids: [3], tokens: ['[SEP]'] } },
      },
      decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
      model: { type: 'WordPiece', unk_token: '[UNK]', continuing_subword_prefix: '##', max_input_chars_per_word: 100, vocab: Object.fromEntries(vocab.map((w, i) => [w, i])) },
    }),
  );
  return { dir, vocab };
}
