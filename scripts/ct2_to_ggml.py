#!/usr/bin/env python3
"""Converts a Whisper model in CTranslate2 format (model.bin + vocabulary.txt) to whisper.cpp's
GGML file format, as float16 or q8_0. Needs only numpy.

Usage: ct2_to_ggml.py MODEL_DIR OUTPUT.bin [--type f16|q8_0] [--model-bin PATH]

The GGML layout (read by whisper_model_load in whisper.cpp): int32 magic 'ggml', eleven int32
hyper-parameters, the mel filter bank (n_mel, n_fft, float32 data), the byte-level vocabulary
(count, then length-prefixed byte strings), then tensors (n_dims, name length, type, dims in
reverse order, name, data)."""
import argparse, pathlib, struct, sys
import numpy as np

F32, F16, Q8_0 = 0, 1, 8  # ggml_type values
FTYPE = {"f16": 1, "q8_0": 7 + 2 * 1000}  # ggml_ftype (+ quantization version 2 x 1000)


def read_ct2(path):
    """Returns {name: ndarray} for every variable and alias of a CTranslate2 model.bin."""
    buf = memoryview(pathlib.Path(path).read_bytes())
    pos = 0

    def take(fmt):
        nonlocal pos
        vals = struct.unpack_from("<" + fmt, buf, pos)
        pos += struct.calcsize("<" + fmt)
        return vals

    def string():
        nonlocal pos
        (n,) = take("H")
        s = bytes(buf[pos:pos + n]).rstrip(b"\0").decode()
        pos += n
        return s

    (version,) = take("I")
    if version < 5:
        sys.exit(f"ct2_to_ggml: unsupported CTranslate2 binary version {version}")
    spec = string()
    take("I")  # spec revision
    if spec != "WhisperSpec":
        sys.exit(f"ct2_to_ggml: not a Whisper model ({spec})")
    dtypes = {0: np.float32, 1: np.int8, 2: np.int16, 3: np.int32, 4: np.float16}
    out = {}
    (count,) = take("I")
    for _ in range(count):
        name = string()
        (rank,) = take("B")
        dims = take("I" * rank)
        (dtype, nbytes) = take("BI")
        if dtype not in dtypes:
            sys.exit(f"ct2_to_ggml: unsupported data type {dtype} for {name}")
        out[name] = np.frombuffer(buf[pos:pos + nbytes], dtype=dtypes[dtype]).reshape(dims)
        pos += nbytes
    (aliases,) = take("I")
    for _ in range(aliases):
        alias, target = string(), string()
        out[alias] = out[target]
    if any(n.endswith("weight_scale") for n in out):
        sys.exit("ct2_to_ggml: int8-quantized CTranslate2 models are not supported")
    return out


def mel_filters(sr=16000, n_fft=400, n_mels=80):
    """Slaney-style mel filter bank with Slaney area normalisation, shape (n_mels, n_fft/2+1)."""
    f_sp, min_log_hz, min_log_mel = 200.0 / 3, 1000.0, 15.0
    logstep = np.log(6.4) / 27.0

    def hz_to_mel(f):
        f = np.asarray(f, dtype=np.float64)
        return np.where(f < min_log_hz, f / f_sp, min_log_mel + np.log(np.maximum(f, 1e-10) / min_log_hz) / logstep)

    def mel_to_hz(m):
        return np.where(m < min_log_mel, m * f_sp, min_log_hz * np.exp(logstep * (m - min_log_mel)))

    fft_freqs = np.linspace(0, sr / 2, n_fft // 2 + 1)
    mel_f = mel_to_hz(np.linspace(hz_to_mel(0.0), hz_to_mel(sr / 2), n_mels + 2))
    fdiff = np.diff(mel_f)
    ramps = mel_f[:, None] - fft_freqs[None, :]
    weights = np.zeros((n_mels, len(fft_freqs)))
    for i in range(n_mels):
        lower = -ramps[i] / fdiff[i]
        upper = ramps[i + 2] / fdiff[i + 1]
        weights[i] = np.maximum(0, np.minimum(lower, upper))
    weights *= (2.0 / (mel_f[2:n_mels + 2] - mel_f[:n_mels]))[:, None]
    return weights.astype(np.float32)


def byte_decoder():
    """Inverse of GPT-2's byte-to-printable-character table used by byte-level BPE vocabularies."""
    printable = [*range(ord("!"), ord("~") + 1), *range(0xA1, 0xAD), *range(0xAE, 0x100)]
    table, extra = {}, 0
    for b in range(256):
        if b in printable:
            table[chr(b)] = b
        else:
            table[chr(256 + extra)] = b
            extra += 1
    return table


def quantize_q8_0(x):
    """ggml Q8_0: blocks of 32 values along rows, each a float16 scale and 32 int8 values."""
    blocks = x.astype(np.float32).reshape(-1, 32)
    scale = np.abs(blocks).max(axis=1) / 127.0
    inv = np.divide(1.0, scale, out=np.zeros_like(scale), where=scale > 0)
    q = np.round(blocks * inv[:, None]).astype(np.int8)
    out = np.zeros(len(blocks), dtype=[("d", "<f2"), ("qs", "i1", 32)])
    out["d"], out["qs"] = scale.astype(np.float16), q
    return out


def ggml_tensors(v):
    """Yields (whisper.cpp name, float array) pairs, splitting CTranslate2's fused projections."""
    yield "encoder.positional_embedding", v["encoder/position_encodings/encodings"]
    for i in (1, 2):
        yield f"encoder.conv{i}.weight", v[f"encoder/conv{i}/weight"]
        yield f"encoder.conv{i}.bias", v[f"encoder/conv{i}/bias"].reshape(-1, 1)
    yield "encoder.ln_post.weight", v["encoder/layer_norm/gamma"]
    yield "encoder.ln_post.bias", v["encoder/layer_norm/beta"]
    yield "decoder.positional_embedding", v["decoder/position_encodings/encodings"]
    yield "decoder.token_embedding.weight", v["decoder/embeddings/weight"]
    yield "decoder.ln.weight", v["decoder/layer_norm/gamma"]
    yield "decoder.ln.bias", v["decoder/layer_norm/beta"]

    def block(src, dst, cross):
        yield f"{dst}.mlp_ln.weight", v[f"{src}/ffn/layer_norm/gamma"]
        yield f"{dst}.mlp_ln.bias", v[f"{src}/ffn/layer_norm/beta"]
        for a, b in (("0", "0"), ("2", "1")):
            yield f"{dst}.mlp.{a}.weight", v[f"{src}/ffn/linear_{b}/weight"]
            yield f"{dst}.mlp.{a}.bias", v[f"{src}/ffn/linear_{b}/bias"]
        attn = f"{src}/self_attention"
        yield f"{dst}.attn_ln.weight", v[f"{attn}/layer_norm/gamma"]
        yield f"{dst}.attn_ln.bias", v[f"{attn}/layer_norm/beta"]
        w, b = v[f"{attn}/linear_0/weight"], v[f"{attn}/linear_0/bias"]
        wq, wk, wv = np.split(w, 3)
        bq, _, bv = np.split(b, 3)
        yield from attention(f"{dst}.attn", wq, bq, wk, wv, bv, attn, "linear_1")
        if cross:
            c = f"{src}/attention"
            yield f"{dst}.cross_attn_ln.weight", v[f"{c}/layer_norm/gamma"]
            yield f"{dst}.cross_attn_ln.bias", v[f"{c}/layer_norm/beta"]
            wk, wv = np.split(v[f"{c}/linear_1/weight"], 2)
            _, bv = np.split(v[f"{c}/linear_1/bias"], 2)
            yield from attention(f"{dst}.cross_attn", v[f"{c}/linear_0/weight"], v[f"{c}/linear_0/bias"],
                                 wk, wv, bv, c, "linear_2")

    def attention(dst, wq, bq, wk, wv, bv, src, out):
        yield f"{dst}.query.weight", wq
        yield f"{dst}.query.bias", bq
        yield f"{dst}.key.weight", wk
        yield f"{dst}.value.weight", wv
        yield f"{dst}.value.bias", bv
        yield f"{dst}.out.weight", v[f"{src}/{out}/weight"]
        yield f"{dst}.out.bias", v[f"{src}/{out}/bias"]

    for side, cross in (("encoder", False), ("decoder", True)):
        i = 0
        while f"{side}/layer_{i}/ffn/linear_0/weight" in v:
            yield from block(f"{side}/layer_{i}", f"{side}.blocks.{i}", cross)
            i += 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("model_dir")
    ap.add_argument("output")
    ap.add_argument("--type", choices=FTYPE, default="q8_0")
    ap.add_argument("--model-bin", help="model.bin path if not MODEL_DIR/model.bin")
    args = ap.parse_args()
    d = pathlib.Path(args.model_dir)
    v = read_ct2(args.model_bin or d / "model.bin")
    tokens = (d / "vocabulary.txt").read_text(encoding="utf-8").split("\n")
    n_regular = tokens.index("<|endoftext|>")  # whisper.cpp names the special tokens itself
    decode = byte_decoder()
    n_vocab, n_state = v["decoder/embeddings/weight"].shape
    n_layers = lambda side: sum(1 for k in v if k.startswith(f"{side}/layer_") and k.endswith("ffn/linear_0/weight"))
    conv1 = v["encoder/conv1/weight"]
    hparams = [n_vocab, v["encoder/position_encodings/encodings"].shape[0], conv1.shape[0],
               int(v["encoder/num_heads"]), n_layers("encoder"),
               v["decoder/position_encodings/encodings"].shape[0], n_state,
               int(v["decoder/num_heads"]), n_layers("decoder"), conv1.shape[1], FTYPE[args.type]]
    tmp = pathlib.Path(args.output + ".tmp")
    with open(tmp, "wb") as f:
        f.write(struct.pack("<i", 0x67676D6C))
        f.write(struct.pack("<11i", *hparams))
        filters = mel_filters(n_mels=conv1.shape[1])
        f.write(struct.pack("<2i", *filters.shape))
        f.write(filters.tobytes())
        f.write(struct.pack("<i", n_regular))
        for t in tokens[:n_regular]:
            raw = bytes(decode[c] for c in t)
            f.write(struct.pack("<I", len(raw)) + raw)
        for name, data in ggml_tensors(v):
            data = np.ascontiguousarray(data, dtype=np.float32)
            is_matrix = data.ndim >= 2 and not name.endswith(("bias", "positional_embedding"))
            if not is_matrix:
                kind, payload = F32, data.tobytes()
            elif args.type == "q8_0" and data.ndim == 2 and data.shape[-1] % 32 == 0:
                kind, payload = Q8_0, quantize_q8_0(data).tobytes()
            else:  # conv kernels stay float16, as whisper.cpp expects
                kind, payload = F16, data.astype(np.float16).tobytes()
            encoded = name.encode()
            f.write(struct.pack("<3i", data.ndim, len(encoded), kind))
            f.write(struct.pack(f"<{data.ndim}i", *reversed(data.shape)))
            f.write(encoded + payload)
    tmp.replace(args.output)


if __name__ == "__main__":
    main()
