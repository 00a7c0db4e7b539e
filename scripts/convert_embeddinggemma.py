"""Writes a llama.cpp GGUF (architecture `gemma-embedding`) from an EmbeddingGemma
sentence-transformers checkpoint held in a zip archive (run by scripts/model_catalog.py).

    convert_embeddinggemma.py CHECKPOINT.zip OUTPUT.gguf [--type q8_0|f16]

The archive holds one folder with the Gemma 3 text encoder (`model.safetensors`, F32,
`config.json`), its SentencePiece `tokenizer.model` with `tokenizer_config.json`, and the
sentence-transformers modules: `1_Pooling` (mean), `2_Dense` (768→3072) and `3_Dense` (3072→768).
llama.cpp runs all of them: it pools, then applies the two dense layers (`dense_2`, `dense_3`).

Needs gguf, numpy, safetensors and sentencepiece (no torch). The output is byte-reproducible:
the tensors are written in a fixed order, the quantisation is deterministic and the header holds
no time or path. Only the files it reads are extracted, into a temporary folder beside OUTPUT,
removed when done.
"""

import json
import pathlib
import shutil
import sys
import tempfile
import zipfile

import numpy as np
import gguf
import sentencepiece
from safetensors import safe_open

ARCH = "gemma-embedding"
MEMBERS = [
    "config.json", "model.safetensors", "tokenizer.model", "tokenizer_config.json", "modules.json",
    "1_Pooling/config.json", "2_Dense/config.json", "2_Dense/model.safetensors",
    "3_Dense/config.json", "3_Dense/model.safetensors",
]
TYPES = {"q8_0": gguf.GGMLQuantizationType.Q8_0, "f16": gguf.GGMLQuantizationType.F16}
FILE_TYPES = {"q8_0": gguf.LlamaFileType.MOSTLY_Q8_0, "f16": gguf.LlamaFileType.MOSTLY_F16}

# Hugging Face names inside one layer → GGUF names (blk.N. prefix added).
LAYER_TENSORS = {
    "input_layernorm": "attn_norm",
    "self_attn.q_proj": "attn_q",
    "self_attn.k_proj": "attn_k",
    "self_attn.v_proj": "attn_v",
    "self_attn.o_proj": "attn_output",
    "self_attn.q_norm": "attn_q_norm",
    "self_attn.k_norm": "attn_k_norm",
    "post_attention_layernorm": "post_attention_norm",
    "pre_feedforward_layernorm": "ffn_norm",
    "post_feedforward_layernorm": "post_ffw_norm",
    "mlp.gate_proj": "ffn_gate",
    "mlp.up_proj": "ffn_up",
    "mlp.down_proj": "ffn_down",
}


def say(message):
    print(f"convert: {message}", file=sys.stderr, flush=True)


def extract(archive, folder):
    """Extracts the needed members (under the archive's one top folder) into `folder`."""
    with zipfile.ZipFile(archive) as z:
        names = z.namelist()
        roots = {n.split("/", 1)[0] for n in names if "/" in n}
        if len(roots) != 1:
            raise SystemExit(f"convert: expected one top folder in {archive}, found {sorted(roots)}")
        root = roots.pop()
        for member in MEMBERS:
            source = f"{root}/{member}"
            if source not in names:
                raise SystemExit(f"convert: {archive} has no {source}")
            target = folder / member
            target.parent.mkdir(parents=True, exist_ok=True)
            with z.open(source) as f, open(target, "wb") as out:
                shutil.copyfileobj(f, out, 1 << 20)


def read_json(path):
    return json.loads(path.read_text(encoding="utf-8"))


def vocabulary(folder, size):
    """Tokens, scores and token types as llama.cpp's SentencePiece ("llama") tokenizer reads them."""
    processor = sentencepiece.SentencePieceProcessor(model_file=str(folder / "tokenizer.model"))
    count = processor.vocab_size()
    if count > size:
        raise SystemExit(f"convert: tokenizer.model has {count} pieces, more than the model's {size}")
    tokens, scores, types = [], [], []
    for i in range(count):
        tokens.append(processor.id_to_piece(i).encode("utf-8"))
        scores.append(processor.get_score(i))
        if processor.is_unknown(i):
            types.append(gguf.TokenType.UNKNOWN)
        elif processor.is_control(i):
            types.append(gguf.TokenType.CONTROL)
        elif processor.is_unused(i):
            types.append(gguf.TokenType.UNUSED)
        elif processor.is_byte(i):
            types.append(gguf.TokenType.BYTE)
        else:
            types.append(gguf.TokenType.NORMAL)
    for i in range(count, size):  # rows the embedding has beyond the tokenizer's pieces
        tokens.append(f"[PAD{i}]".encode("utf-8"))
        scores.append(-1000.0)
        types.append(gguf.TokenType.UNUSED)
    # Added tokens (Gemma's <mask>, <unusedN>, <start_of_turn>, markup pieces…): special ones are
    # control tokens; the others are matched whole in text, as the Hugging Face tokenizer does.
    config = read_json(folder / "tokenizer_config.json")
    for key, added in sorted(config.get("added_tokens_decoder", {}).items(), key=lambda item: int(item[0])):
        i = int(key)
        if i >= size:
            continue  # <image_soft_token>, outside the text model's vocabulary
        text = added["content"]
        looks_special = text in ("<pad>", "<mask>") or (text.startswith("<unused") and text.endswith(">"))
        if added.get("special") or looks_special:
            types[i] = gguf.TokenType.CONTROL
        else:
            text = text.replace("\u2581", " ")
            types[i] = gguf.TokenType.USER_DEFINED
        tokens[i] = text.encode("utf-8")
        scores[i] = -1000.0
    return tokens, scores, types, config


def special_token_id(tokens, text):
    encoded = text.encode("utf-8")
    return tokens.index(encoded)


def write_metadata(writer, folder, config, kind):
    writer.add_name("EmbeddingGemma-300M")
    writer.add_context_length(config["max_position_embeddings"])
    writer.add_embedding_length(config["hidden_size"])
    writer.add_block_count(config["num_hidden_layers"])
    writer.add_feed_forward_length(config["intermediate_size"])
    writer.add_head_count(config["num_attention_heads"])
    writer.add_head_count_kv(config["num_key_value_heads"])
    writer.add_layer_norm_rms_eps(config["rms_norm_eps"])
    writer.add_key_length(config["head_dim"])
    writer.add_value_length(config["head_dim"])
    writer.add_rope_freq_base(config["rope_theta"])  # the global layers'; llama.cpp knows the local base
    writer.add_sliding_window(config["sliding_window"])
    writer.add_file_type(FILE_TYPES[kind])
    writer.add_quantization_version(gguf.GGML_QUANT_VERSION)

    modules = read_json(folder / "modules.json")
    pooling = read_json(folder / "1_Pooling/config.json")
    if not pooling.get("pooling_mode_mean_tokens"):
        raise SystemExit("convert: the checkpoint's pooling is not mean pooling")
    writer.add_pooling_type(gguf.PoolingType.MEAN)
    dense = [m["path"] for m in modules if m["type"] == "sentence_transformers.models.Dense"]
    if dense != ["2_Dense", "3_Dense"]:
        raise SystemExit(f"convert: expected the dense modules 2_Dense and 3_Dense, found {dense}")
    for path, name in (("2_Dense", "dense_2"), ("3_Dense", "dense_3")):
        layer = read_json(folder / path / "config.json")
        if layer.get("bias") or not layer["activation_function"].endswith("Identity"):
            raise SystemExit(f"convert: {path} has a bias or an activation; llama.cpp applies a plain product")
        writer.add_dense_features_dims(name, layer["in_features"], layer["out_features"])


def write_vocabulary(writer, folder, config):
    tokens, scores, types, tokenizer = vocabulary(folder, config["vocab_size"])
    writer.add_tokenizer_model("llama")
    writer.add_tokenizer_pre("default")
    writer.add_token_list(tokens)
    writer.add_token_scores(scores)
    writer.add_token_types(types)
    writer.add_add_space_prefix(False)
    writer.add_bos_token_id(special_token_id(tokens, tokenizer["bos_token"]))
    writer.add_eos_token_id(special_token_id(tokens, tokenizer["eos_token"]))
    writer.add_unk_token_id(special_token_id(tokens, tokenizer["unk_token"]))
    writer.add_pad_token_id(special_token_id(tokens, tokenizer["pad_token"]))
    writer.add_add_bos_token(bool(tokenizer.get("add_bos_token", True)))
    writer.add_add_eos_token(bool(tokenizer.get("add_eos_token", False)))
    return len(tokens)


def gguf_name(name):
    """The GGUF name of an encoder tensor, or None for one llama.cpp does not use."""
    if name == "embed_tokens.weight":
        return "token_embd.weight"
    if name == "norm.weight":
        return "output_norm.weight"
    parts = name.split(".")
    if parts[0] == "layers" and parts[-1] == "weight":
        inner = ".".join(parts[2:-1])
        if inner in LAYER_TENSORS:
            return f"blk.{int(parts[1])}.{LAYER_TENSORS[inner]}.weight"
    return None


def stored(name, data, kind):
    """The tensor as written: 1-D tensors (norms) in F32, matrices in the chosen type."""
    if data.ndim == 1:
        return data.astype(np.float32), None
    qtype = TYPES[kind]
    if qtype == gguf.GGMLQuantizationType.Q8_0 and data.shape[-1] % 32 != 0:
        qtype = gguf.GGMLQuantizationType.F16
    return gguf.quants.quantize(np.ascontiguousarray(data, dtype=np.float32), qtype), qtype


def write_tensors(writer, folder, config, vocabulary_size, kind):
    count = 0
    with safe_open(str(folder / "model.safetensors"), framework="numpy") as f:
        names = sorted(f.keys(), key=lambda n: (n.count("."), n))
        layer_names = sorted((n for n in names if n.startswith("layers.")),
                             key=lambda n: (int(n.split(".")[1]), n))
        ordered = [n for n in names if not n.startswith("layers.")] + layer_names
        for name in ordered:
            target = gguf_name(name)
            if target is None:
                raise SystemExit(f"convert: unexpected tensor {name} in model.safetensors")
            data = f.get_tensor(name)
            if name == "embed_tokens.weight":
                data = data[:vocabulary_size]
            if name.endswith("norm.weight"):
                data = data + 1.0  # Gemma's RMS norm scales by (1 + weight); llama.cpp by weight
            array, qtype = stored(target, data, kind)
            writer.add_tensor(target, array, raw_dtype=qtype)
            count += 1
    for path, name in (("2_Dense", "dense_2"), ("3_Dense", "dense_3")):
        with safe_open(str(folder / path / "model.safetensors"), framework="numpy") as f:
            if sorted(f.keys()) != ["linear.weight"]:
                raise SystemExit(f"convert: {path}/model.safetensors holds {sorted(f.keys())}, expected linear.weight")
            array, qtype = stored(name, f.get_tensor("linear.weight"), kind)
            writer.add_tensor(f"{name}.weight", array, raw_dtype=qtype)
            count += 1
    expected = 2 + 13 * config["num_hidden_layers"] + 2
    if count != expected:
        raise SystemExit(f"convert: wrote {count} tensors, expected {expected}")


def convert(archive, output, kind):
    work = pathlib.Path(tempfile.mkdtemp(prefix=".convert-", dir=output.parent))
    partial = output.with_name(output.name + ".partial")
    try:
        say(f"extracting the checkpoint from {archive.name}")
        extract(archive, work)
        config = read_json(work / "config.json")
        if config.get("architectures") != ["Gemma3TextModel"] or not config.get("use_bidirectional_attention"):
            raise SystemExit("convert: config.json is not a bidirectional Gemma3TextModel (EmbeddingGemma)")
        say(f"writing {kind.upper()} GGUF")
        writer = gguf.GGUFWriter(str(partial), ARCH)
        write_metadata(writer, work, config, kind)
        size = write_vocabulary(writer, work, config)
        write_tensors(writer, work, config, size, kind)
        writer.write_header_to_file()
        writer.write_kv_data_to_file()
        writer.write_tensors_to_file()
        writer.close()
        partial.replace(output)
    finally:
        partial.unlink(missing_ok=True)
        shutil.rmtree(work, ignore_errors=True)


def main(argv):
    usage = "usage: convert_embeddinggemma.py CHECKPOINT.zip OUTPUT.gguf [--type q8_0|f16]"
    kind = "q8_0"
    if len(argv) == 4 and argv[2] == "--type" and argv[3] in TYPES:
        kind = argv[3]
    elif len(argv) != 2:
        print(usage, file=sys.stderr)
        return 64
    convert(pathlib.Path(argv[0]), pathlib.Path(argv[1]), kind)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
