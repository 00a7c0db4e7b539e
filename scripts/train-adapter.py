"""Trains a LoRA adapter for a Verbatim model and writes it as a llama.cpp adapter GGUF: a
reproducible pipeline skeleton (a developer tool; setup and CI never run it).

    train-adapter.py --data TRAIN.jsonl --output-dir DIR [--base MODEL.gguf] [--steps 200]
                     [--rank 8] [--alpha 16] [--targets q_proj,k_proj,v_proj,o_proj]
                     [--batch 4] [--learning-rate 2e-4] [--seed 22] [--threads 2]
                     [--checkpoint-every 10] [--held-out FILE] [--llama-cpp DIR] [--dry-run]

Data: JSON lines, one example each, as Verbatim sends it to the model:
    {"system": "<instructions + the schema's description>", "user": "<prompt>", "assistant": "<JSON answer>",
     "assistant_tokens": [<ids>], "tokenizer": "<model name>"}
"assistant_tokens" (optional, and the answer's tokens when present) are the tokens guided decoding
feeds for the answer (`LanguageModelSession.answerTokens(for:schema:)`; `verbatim-eval questions
--write-training` writes them): the decoder cuts tokens where the schema forces bytes, so the
answer tokenized as plain text can hold tokens the model never sees at run time. A run stops if
they do not decode to "assistant" with the base model's tokenizer.
"system" must be the whole system message Verbatim builds (PromptBuilder appends the schema's
description to the instructions), or the adapter learns a prompt it never sees. Write the data
from sources you may train on only (examples you generate, dialogue states you write, licensed
public lines); every user and assistant text, whole and line by line, is checked against
`../shared/eval/food/held-out.sha256` (sha256 of the stripped UTF-8 text) and the run stops if
one is held out.

Steps:
1. Reads the data and prints its sha256 (of the file's bytes) and size; checks held-out hashes.
2. Seeds Python, NumPy and torch (`--seed`), uses deterministic torch algorithms and `--threads`
   threads, and loads the base model from its GGUF file with transformers (`gguf_file=`,
   dequantized to float32; the tokenizer's ids match llama.cpp's).
3. Wraps it with a PEFT LoRA (`--rank`, `--alpha`, `--targets`, no dropout) and trains with
   AdamW, loss on the answer tokens only, `--batch` examples a step, examples in an order fixed
   by the seed (a new permutation each pass over the data).
4. Every `--checkpoint-every` steps writes `DIR/checkpoints/step-NNNNNN/` (the adapter weights,
   the optimizer, the RNG states, the step and the data's hash). A new run with the same
   arguments resumes from the latest one: stop a long run at any time and start it again.
   A checkpoint of other data or other arguments is refused.
5. Saves the PEFT adapter (`DIR/peft/`) and the base model's config (`DIR/base-config/`) and
   converts them with llama.cpp's `convert_lora_to_gguf.py` (from the `llama-cpp-python==0.3.36`
   source package, the llama.cpp Verbatim links, with its own `gguf-py`) into `DIR/adapter.gguf`
   (F32), and prints its sha256.

Then evaluate the adapter in llama.cpp (`SystemLanguageModel.Adapter`, `verbatim-eval`), not in
PyTorch: the quantized kernels change the outputs.

Needs torch, transformers, peft, safetensors and numpy (`--dry-run` needs none of them: it
checks and hashes the data and prints the plan). Measured on a machine like this one (2 cores,
fp32): about 8 s a step for SmolLM2-135M with batch 4 of ~200 tokens, 2.6 GiB.
"""

import argparse
import hashlib
import json
import os
import pathlib
import random
import subprocess
import sys
import tarfile
import tempfile

REPOSITORY = pathlib.Path(__file__).resolve().parent.parent
LLAMA_CPP_PYTHON = "llama-cpp-python==0.3.36"


def fail(message: str) -> None:
    sys.exit(f"train-adapter: {message}")


def sha256_of(path: pathlib.Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def cache_directory() -> pathlib.Path:
    """Setup's cache folder (the same rules as scripts/lib.sh)."""
    cache = os.environ.get("VERBATIM_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "verbatim")
    return pathlib.Path(cache)


def default_model() -> pathlib.Path:
    manifest = cache_directory() / "manifest.json"
    try:
        return pathlib.Path(json.loads(manifest.read_text())["defaultModel"])
    except (OSError, KeyError, ValueError) as error:
        fail(f"no default model in {manifest} ({error}); run scripts/setup.sh or pass --base")


def read_examples(path: pathlib.Path, held_out: set[str]) -> list[dict]:
    """The examples, each checked for its fields and against the held-out hashes."""
    examples = []
    with open(path, encoding="utf-8") as file:
        for number, line in enumerate(file, 1):
            if not line.strip():
                continue
            try:
                example = json.loads(line)
            except ValueError as error:
                fail(f"{path}:{number}: not JSON ({error})")
            if not all(isinstance(example.get(key), str) and example[key] for key in ("system", "user", "assistant")):
                fail(f"{path}:{number}: needs non-empty strings 'system', 'user' and 'assistant'")
            for key in ("user", "assistant"):
                texts = [example[key]] + example[key].splitlines()
                for text in texts:
                    if hashlib.sha256(text.strip().encode()).hexdigest() in held_out:
                        fail(f"{path}:{number}: the {key} text holds a held-out line: remove it")
            examples.append(example)
    if not examples:
        fail(f"{path} holds no examples")
    return examples


def read_held_out(path: pathlib.Path | None) -> set[str]:
    path = path or REPOSITORY.parent / "shared" / "eval" / "food" / "held-out.sha256"
    if not path.is_file():
        fail(f"no held-out hashes at {path}: pass --held-out FILE (training data must be checked against them)")
    return {line.strip() for line in path.read_text().splitlines() if line.strip()}


def order_of_examples(count: int, seed: int, step: int, batch: int) -> list[int]:
    """The examples of one step: passes over the data, each in a permutation fixed by the seed
    and the pass number, so a resumed run sees what the uninterrupted one would have."""
    import numpy as np

    first = step * batch
    indices = []
    for position in range(first, first + batch):
        epoch, offset = divmod(position, count)
        indices.append(int(np.random.default_rng([seed, epoch]).permutation(count)[offset]))
    return indices


def llama_cpp_source(given: pathlib.Path | None) -> pathlib.Path:
    """llama.cpp's source tree (with convert_lora_to_gguf.py and gguf-py) of the version Verbatim
    links: the given folder, or the llama-cpp-python 0.3.36 source package, downloaded once with
    pip into the cache and unpacked (about 15 s; only that package is taken as source, so pip
    installs its build backend's own dependencies as wheels to read its metadata)."""
    if given:
        return given
    folder = cache_directory() / "llama-cpp-source"
    tree = folder / "llama_cpp_python-0.3.36" / "vendor" / "llama.cpp"
    if (tree / "convert_lora_to_gguf.py").is_file():
        return tree
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", "llama-cpp-python",
                    "--dest", str(folder), LLAMA_CPP_PYTHON], check=True)
    archive = folder / "llama_cpp_python-0.3.36.tar.gz"
    with tarfile.open(archive) as tar:
        tar.extractall(folder, filter="data")
    return tree


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=pathlib.Path, required=True)
    parser.add_argument("--output-dir", type=pathlib.Path, required=True)
    parser.add_argument("--base", type=pathlib.Path, help="base model GGUF (default: setup's default model)")
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--rank", type=int, default=8)
    parser.add_argument("--alpha", type=float, default=16)
    parser.add_argument("--targets", default="q_proj,k_proj,v_proj,o_proj")
    parser.add_argument("--batch", type=int, default=4)
    parser.add_argument("--learning-rate", type=float, default=2e-4)
    parser.add_argument("--seed", type=int, default=22)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--checkpoint-every", type=int, default=10)
    parser.add_argument("--held-out", type=pathlib.Path, help="held-out hashes (default ../shared/eval/food/held-out.sha256)")
    parser.add_argument("--llama-cpp", type=pathlib.Path, help="llama.cpp source tree with convert_lora_to_gguf.py")
    parser.add_argument("--shared-prefix", action="store_true",
                        help="evaluate the prompt tokens every example shares (the system message) once per step, "
                             "without gradient, and train on the rest: several times faster when the system "
                             "message is most of each example")
    parser.add_argument("--dry-run", action="store_true", help="check and hash the data, print the plan, train nothing")
    arguments = parser.parse_args()

    base = arguments.base or default_model()
    examples = read_examples(arguments.data, read_held_out(arguments.held_out))
    data_hash = sha256_of(arguments.data)
    # What a checkpoint must agree with to be resumed.
    recipe = {
        "data_sha256": data_hash, "base": base.name, "rank": arguments.rank, "alpha": arguments.alpha,
        "targets": arguments.targets, "batch": arguments.batch, "learning_rate": arguments.learning_rate,
        "seed": arguments.seed, "shared_prefix": arguments.shared_prefix,
    }
    print(f"data: {arguments.data} ({len(examples)} examples), sha256 {data_hash}")
    print(f"recipe: {json.dumps(recipe)}; {arguments.steps} steps, {arguments.threads} threads")
    if arguments.dry_run:
        print(f"first step's examples: {order_of_examples(len(examples), arguments.seed, 0, arguments.batch)}")
        print(f"would write {arguments.output_dir / 'adapter.gguf'} (checkpoints in {arguments.output_dir / 'checkpoints'})")
        return

    import numpy as np
    import torch
    from peft import LoraConfig, get_peft_model, set_peft_model_state_dict
    from safetensors.torch import load_file
    from transformers import AutoModelForCausalLM, AutoTokenizer

    random.seed(arguments.seed)
    np.random.seed(arguments.seed)
    torch.manual_seed(arguments.seed)
    torch.use_deterministic_algorithms(True)
    torch.set_num_threads(arguments.threads)

    tokenizer = AutoTokenizer.from_pretrained(base.parent, gguf_file=base.name)
    model = AutoModelForCausalLM.from_pretrained(base.parent, gguf_file=base.name, torch_dtype=torch.float32)
    config = LoraConfig(r=arguments.rank, lora_alpha=arguments.alpha, lora_dropout=0.0, bias="none",
                        target_modules=arguments.targets.split(","), task_type="CAUSAL_LM")
    model = get_peft_model(model, config)
    optimizer = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=arguments.learning_rate)

    def encode(example: dict) -> tuple[list[int], list[int]]:
        """Prompt and answer tokens; the loss is on the answer (and its end-of-turn token) only."""
        rendered = tokenizer.apply_chat_template(
            [{"role": "system", "content": example["system"]}, {"role": "user", "content": example["user"]}],
            add_generation_prompt=True, tokenize=False)
        prompt = tokenizer(rendered, add_special_tokens=False)["input_ids"]
        end = tokenizer("<|im_end|>", add_special_tokens=False)["input_ids"]
        if "assistant_tokens" in example:
            # The tokens guided decoding feeds (see the module's docstring), in this vocabulary.
            answer = list(example["assistant_tokens"]) + end
            if tokenizer.decode(example["assistant_tokens"]) != example["assistant"]:
                fail(f"'assistant_tokens' were written for {example.get('tokenizer', 'another model')}, not {base.name}")
        else:
            answer = tokenizer(example["assistant"] + "<|im_end|>", add_special_tokens=False)["input_ids"]
        return list(prompt) + answer, [-100] * len(prompt) + answer

    checkpoints = arguments.output_dir / "checkpoints"
    step = 0
    saved = sorted(checkpoints.glob("step-*")) if checkpoints.is_dir() else []
    if saved:
        latest = saved[-1]
        state = torch.load(latest / "trainer.pt", weights_only=False)
        if state["recipe"] != recipe:
            fail(f"{latest} was trained with {state['recipe']}, not {recipe}: use another --output-dir")
        set_peft_model_state_dict(model, load_file(latest / "adapter_model.safetensors"))
        optimizer.load_state_dict(state["optimizer"])
        random.setstate(state["python_random"])
        np.random.set_state(state["numpy_random"])
        torch.set_rng_state(state["torch_random"])
        step = state["step"]
        print(f"resuming from {latest} (step {step})")

    model.train()
    pad = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else tokenizer.eos_token_id
    prefix: list[int] = []
    if arguments.shared_prefix:
        # The longest run of prompt tokens every example starts with (kept short of each answer).
        # Its keys and values are computed once a step with the current adapter but without
        # gradient: the adapter still learns from every token after it.
        sample = [encode(example)[0] for example in examples]
        prefix = sample[0]
        for ids in sample[1:]:
            length = next((i for i, (a, b) in enumerate(zip(prefix, ids)) if a != b), min(len(prefix), len(ids)))
            prefix = prefix[:length]
        print(f"shared prefix: {len(prefix)} tokens of {sum(map(len, sample)) / len(sample):.0f} per example on average")
    while step < arguments.steps:
        encoded = [encode(examples[i]) for i in order_of_examples(len(examples), arguments.seed, step, arguments.batch)]
        encoded = [(ids[len(prefix):], lab[len(prefix):]) for ids, lab in encoded]
        width = max(len(ids) for ids, _ in encoded)
        input_ids = torch.tensor([ids + [pad] * (width - len(ids)) for ids, _ in encoded])
        labels = torch.tensor([lab + [-100] * (width - len(lab)) for _, lab in encoded])
        mask = torch.tensor([[1] * (len(prefix) + len(ids)) + [0] * (width - len(ids)) for ids, _ in encoded])
        if prefix:
            with torch.no_grad():
                cache = model(input_ids=torch.tensor([prefix]), use_cache=True).past_key_values
            cache.batch_repeat_interleave(len(encoded))
            loss = model(input_ids=input_ids, attention_mask=mask, labels=labels, past_key_values=cache).loss
        else:
            loss = model(input_ids=input_ids, attention_mask=mask, labels=labels).loss
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        step += 1
        print(f"step {step}/{arguments.steps}: loss {loss.item():.4f}", flush=True)
        if step % arguments.checkpoint_every == 0 or step == arguments.steps:
            target = checkpoints / f"step-{step:06d}"
            partial = target.with_name(target.name + ".partial")
            model.save_pretrained(partial)
            torch.save({
                "recipe": recipe, "step": step, "optimizer": optimizer.state_dict(),
                "python_random": random.getstate(), "numpy_random": np.random.get_state(),
                "torch_random": torch.get_rng_state(),
            }, partial / "trainer.pt")
            partial.rename(target)

    peft_folder = arguments.output_dir / "peft"
    base_config = arguments.output_dir / "base-config"
    model.save_pretrained(peft_folder)
    model.base_model.model.config.save_pretrained(base_config)
    tokenizer.save_pretrained(base_config)
    # transformers 5 leaves "architectures" out of a GGUF-loaded model's config; the converter
    # needs it to pick the architecture.
    config_path = base_config / "config.json"
    saved_config = json.loads(config_path.read_text())
    saved_config.setdefault("architectures", [type(model.base_model.model).__name__])
    # The weights were dequantized on loading; the converter reads no "gguf" quantization.
    saved_config.pop("quantization_config", None)
    config_path.write_text(json.dumps(saved_config, indent=2))
    source = llama_cpp_source(arguments.llama_cpp)
    output = arguments.output_dir / "adapter.gguf"
    environment = dict(os.environ, PYTHONPATH=str(source / "gguf-py"))
    subprocess.run([sys.executable, str(source / "convert_lora_to_gguf.py"), "--base", str(base_config),
                    "--outfile", str(output), "--outtype", "f32", str(peft_folder)], check=True, env=environment)
    print(f"adapter: {output} ({output.stat().st_size} bytes), sha256 {sha256_of(output)}; data sha256 {data_hash}")


if __name__ == "__main__":
    main()
