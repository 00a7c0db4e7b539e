"""Writes a small, deterministic LoRA adapter GGUF for a llama.cpp model, for tests and
benchmarks: it proves that an adapter loads and changes the model's output, not that it teaches
anything (its weights are seeded random numbers, no training).

    make-test-adapter.py [--model BASE.gguf] --output ADAPTER.gguf [--rank 4] [--alpha 8]
                         [--seed 22] [--targets attn_q,attn_v] [--b-scale 0.05]
                         [--architecture NAME] [--wrong-shape]

BASE.gguf defaults to the model setup installed (`defaultModel` in the cache's manifest.json,
SmolLM2-135M-Instruct). The adapter has what llama.cpp's `llama_adapter_lora_init` expects:
`general.type` "adapter", `general.architecture` the base model's, `adapter.type` "lora",
`adapter.lora.alpha`, and for each targeted weight of every layer (`blk.N.attn_q.weight`, …) the
pair `blk.N.attn_q.weight.lora_a` (rank × inputs) and `.lora_b` (outputs × rank), F32, shaped
from the base model's tensors as read from its GGUF file. llama.cpp adds
`scale * alpha / rank * B·A` to each targeted weight.

A is drawn with standard deviation 1/sqrt(inputs) and B with `--b-scale`, so the change is
small but shows in every logit. Unlike a freshly initialised PEFT adapter (B = 0, no change), the
output differs from the base model's.

`--architecture` writes another architecture name and `--wrong-shape` one input column too many
in every `lora_a`: adapters that must be refused (tests of the errors).

Byte-reproducible: the same arguments and base model give the same file (seeded NumPy
generator, tensors in a fixed order, no time or path in the header). Prints the output's size
and sha256. Needs numpy and gguf (setup's venv has both).
"""

import argparse
import hashlib
import json
import os
import pathlib
import sys

import numpy as np
import gguf


def default_model() -> pathlib.Path:
    """The model setup recorded in the cache's manifest (the same rules as scripts/lib.sh)."""
    cache = os.environ.get("VERBATIM_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "verbatim")
    manifest = pathlib.Path(cache) / "manifest.json"
    try:
        return pathlib.Path(json.loads(manifest.read_text())["defaultModel"])
    except (OSError, KeyError, ValueError) as error:
        sys.exit(f"make-test-adapter: no default model in {manifest} ({error}); run scripts/setup.sh or pass --model")


def base_tensors(model: pathlib.Path, targets: list[str]) -> tuple[str, list[tuple[str, int, int]]]:
    """The base model's architecture and, for each targeted weight, its name, inputs and outputs."""
    reader = gguf.GGUFReader(model)
    field = reader.fields.get("general.architecture")
    if field is None:
        sys.exit(f"make-test-adapter: {model} has no general.architecture")
    architecture = bytes(field.parts[field.data[0]]).decode()
    weights = []
    for tensor in reader.tensors:
        parts = tensor.name.split(".")
        # blk.N.<target>.weight; GGUF lists dimensions innermost first: (inputs, outputs).
        if len(parts) == 4 and parts[0] == "blk" and parts[2] in targets and parts[3] == "weight":
            inputs, outputs = int(tensor.shape[0]), int(tensor.shape[1])
            weights.append((tensor.name, inputs, outputs))
    if not weights:
        sys.exit(f"make-test-adapter: {model} has no tensors named blk.N.{{{','.join(targets)}}}.weight")
    # Layer by layer, then target by target: a fixed order whatever the file's.
    weights.sort(key=lambda weight: (int(weight[0].split(".")[1]), targets.index(weight[0].split(".")[2])))
    return architecture, weights


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--model", type=pathlib.Path, help="base model GGUF (default: setup's default model)")
    parser.add_argument("--output", type=pathlib.Path, required=True, help="adapter GGUF to write")
    parser.add_argument("--rank", type=int, default=4)
    parser.add_argument("--alpha", type=float, default=8.0)
    parser.add_argument("--seed", type=int, default=22)
    parser.add_argument("--targets", default="attn_q,attn_v", help="weights to adapt in every layer")
    parser.add_argument("--b-scale", type=float, default=0.05, help="standard deviation of the B matrices")
    parser.add_argument("--architecture", help="write this architecture instead of the model's (a wrong adapter)")
    parser.add_argument("--wrong-shape", action="store_true", help="one input too many in every lora_a (a wrong adapter)")
    arguments = parser.parse_args()

    model = arguments.model or default_model()
    targets = [target for target in arguments.targets.split(",") if target]
    architecture, weights = base_tensors(model, targets)
    generator = np.random.default_rng(arguments.seed)

    arguments.output.parent.mkdir(parents=True, exist_ok=True)
    partial = arguments.output.with_name(arguments.output.name + ".partial")
    writer = gguf.GGUFWriter(partial, arguments.architecture or architecture)
    writer.add_type(gguf.GGUFType.ADAPTER)
    writer.add_name("Verbatim test adapter (random, untrained)")
    writer.add_string(gguf.Keys.Adapter.TYPE, "lora")
    writer.add_float32(gguf.Keys.Adapter.LORA_ALPHA, arguments.alpha)
    for name, inputs, outputs in weights:
        columns = inputs + 1 if arguments.wrong_shape else inputs
        lora_a = generator.normal(0, 1 / np.sqrt(inputs), size=(arguments.rank, columns)).astype(np.float32)
        lora_b = generator.normal(0, arguments.b_scale, size=(outputs, arguments.rank)).astype(np.float32)
        writer.add_tensor(name + ".lora_a", lora_a)
        writer.add_tensor(name + ".lora_b", lora_b)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    partial.replace(arguments.output)

    digest = hashlib.sha256(arguments.output.read_bytes()).hexdigest()
    print(f"{arguments.output}: {arguments.output.stat().st_size} bytes, sha256 {digest}, "
          f"{len(weights)} weights of {model.name} ({architecture}), rank {arguments.rank}, alpha {arguments.alpha:g}")


if __name__ == "__main__":
    main()
