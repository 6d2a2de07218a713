/**
 * Turns the integer ("best_int") LSTM of a Tesseract model back into the float form that
 * `lstmtraining --continue_from` can fine-tune. Tesseract's own tools refuse an integer model, and
 * the float original of the Lao model is not in any package we can install; the integer model keeps
 * each weight as int8 × a per-row scale (WeightMatrix::ConvertToInt), so w = wi × scale gives the
 * float weights back to within half a quantisation step — a fine starting point for training.
 *
 *   npx tsx scripts/lao-model/int-to-float.ts lao.lstm lao-float.lstm
 *
 * The byte layout followed is Tesseract 5's serialisation (src/lstm/network.cpp, plumbing.cpp,
 * lstm.cpp, fullyconnected.cpp, weightmatrix.cpp, lstmrecognizer.cpp); see docs/ocr-model.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const TYPE_NAMES = [
  'Invalid',
  'Input',
  'Convolve',
  'Maxpool',
  'Parallel',
  'Replicated',
  'ParBidiLSTM',
  'DepParUDLSTM',
  'Par2dLSTM',
  'Series',
  'Reconfig',
  'RTLReversed',
  'TTBReversed',
  'XYTranspose',
  'LSTM',
  'SummLSTM',
  'Logistic',
  'LinLogistic',
  'LinTanh',
  'Tanh',
  'Relu',
  'Linear',
  'Softmax',
  'SoftmaxNoCTC',
  'LSTMSoftmax',
  'LSTMBinarySoftmax',
  'TensorFlow',
];
const PLUMBING = new Set([
  'Parallel',
  'Replicated',
  'ParBidiLSTM',
  'DepParUDLSTM',
  'Par2dLSTM',
  'Series',
  'RTLReversed',
  'TTBReversed',
  'XYTranspose',
]);
const FULLY_CONNECTED = new Set([
  'Logistic',
  'LinLogistic',
  'LinTanh',
  'Tanh',
  'Relu',
  'Linear',
  'Softmax',
  'SoftmaxNoCTC',
]);
const LSTM_TYPES = new Set(['LSTM', 'SummLSTM', 'LSTMSoftmax', 'LSTMBinarySoftmax']);
const NF_LAYER_SPECIFIC_LR = 64;
const K_INT8_FLAG = 1;
const K_DOUBLE_FLAG = 128;

class Reader {
  at = 0;
  constructor(readonly buf: Buffer) {}
  i8() {
    return this.buf.readInt8(this.at++);
  }
  u8() {
    return this.buf.readUInt8(this.at++);
  }
  private take<T>(size: number, read: (at: number) => T): T {
    const v = read(this.at);
    this.at += size;
    return v;
  }
  i32() {
    return this.take(4, (at) => this.buf.readInt32LE(at));
  }
  u32() {
    return this.take(4, (at) => this.buf.readUInt32LE(at));
  }
  f64() {
    return this.take(8, (at) => this.buf.readDoubleLE(at));
  }
  bytes(n: number) {
    const b = this.buf.subarray(this.at, this.at + n);
    this.at += n;
    return b;
  }
  str() {
    return this.bytes(this.u32()).toString('latin1');
  }
}

class Writer {
  parts: Buffer[] = [];
  private put(size: number, write: (b: Buffer) => void) {
    const b = Buffer.alloc(size);
    write(b);
    this.parts.push(b);
  }
  raw(b: Buffer) {
    this.parts.push(Buffer.from(b));
  }
  u8(v: number) {
    this.put(1, (b) => b.writeUInt8(v));
  }
  i8(v: number) {
    this.put(1, (b) => b.writeInt8(v));
  }
  i32(v: number) {
    this.put(4, (b) => b.writeInt32LE(v));
  }
  u32(v: number) {
    this.put(4, (b) => b.writeUInt32LE(v));
  }
  f64s(values: Float64Array) {
    this.parts.push(Buffer.from(values.buffer, values.byteOffset, values.byteLength));
  }
  str(s: string) {
    this.u32(Buffer.byteLength(s, 'latin1'));
    this.raw(Buffer.from(s, 'latin1'));
  }
  result() {
    return Buffer.concat(this.parts);
  }
}

let matrices = 0;
let weights = 0;

/** One WeightMatrix: int8 rows and their scales in, doubles out. Returns its number of outputs. */
function weightMatrix(r: Reader, w: Writer): number {
  const mode = r.u8();
  if (!(mode & K_DOUBLE_FLAG)) throw new Error('old-format weight matrix: not handled');
  if (!(mode & K_INT8_FLAG)) throw new Error('already a float weight matrix');
  const dim1 = r.i32();
  const dim2 = r.i32();
  r.i8(); // the array's "empty" value
  const wi = new Int8Array(r.bytes(dim1 * dim2));
  const scaleCount = r.u32();
  const scales = Array.from({ length: scaleCount }, () => r.f64());
  const wf = new Float64Array(dim1 * dim2);
  for (let t = 0; t < dim1; t++) for (let f = 0; f < dim2; f++) wf[t * dim2 + f] = wi[t * dim2 + f]! * scales[t]!;
  w.u8(mode & ~K_INT8_FLAG);
  w.u32(dim1);
  w.u32(dim2);
  w.f64s(new Float64Array([0]));
  w.f64s(wf);
  matrices++;
  weights += wf.length;
  return dim1;
}

function network(r: Reader, w: Writer): void {
  const tag = r.i8();
  if (tag !== 0) throw new Error(`layer type stored as number ${tag}: not handled`);
  const type = r.str();
  if (!TYPE_NAMES.includes(type)) throw new Error(`unknown layer type ${type}`);
  r.i8(); // training state: written as disabled, so the float weights load without training state
  const needsBackprop = r.i8();
  const flags = r.i32();
  const ni = r.i32();
  const no = r.i32();
  const numWeights = r.i32();
  const name = r.str();
  w.i8(0);
  w.str(type);
  w.i8(0);
  w.i8(needsBackprop);
  w.i32(flags);
  w.i32(ni);
  w.i32(no);
  w.i32(numWeights);
  w.str(name);
  if (type === 'Input') {
    w.raw(r.bytes(5 * 4)); // StaticShape: batch, height, width, depth, loss type
  } else if (type === 'Convolve' || type === 'Maxpool' || type === 'Reconfig') {
    w.raw(r.bytes(2 * 4)); // half_x/half_y or x_scale/y_scale
  } else if (PLUMBING.has(type)) {
    const size = r.u32();
    w.u32(size);
    for (let i = 0; i < size; i++) network(r, w);
    if (flags & NF_LAYER_SPECIFIC_LR) {
      const count = r.u32();
      w.u32(count);
      w.raw(r.bytes(count * 4)); // float learning rates
    }
  } else if (FULLY_CONNECTED.has(type)) {
    weightMatrix(r, w);
  } else if (LSTM_TYPES.has(type)) {
    const na = r.i32();
    w.i32(na);
    const nf = type === 'LSTMSoftmax' ? no : type === 'LSTMBinarySoftmax' ? Math.ceil(Math.log2(no)) : 0;
    // Gates CI, GI, GF1, GO and, for a 2-D LSTM only, GFS.
    const ns = weightMatrix(r, w);
    const is2d = na - nf === ni + 2 * ns;
    for (let gate = 1; gate < (is2d ? 5 : 4); gate++) weightMatrix(r, w);
    if (nf) network(r, w);
  } else {
    throw new Error(`layer type ${type} not handled`);
  }
}

const [input, output] = process.argv.slice(2);
if (!input || !output) throw new Error('usage: int-to-float.ts <int.lstm> <float.lstm>');
const r = new Reader(readFileSync(input));
const w = new Writer();
network(r, w);
// The recogniser's own fields: network spec, then training flags without TF_INT_MODE (1).
const spec = r.str();
w.str(spec);
w.i32(r.i32() & ~1);
w.raw(r.bytes(r.buf.length - r.at));
writeFileSync(output, w.result());
console.log(`${spec}: ${matrices} weight matrices, ${weights} weights, float model in ${output}`);
