import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program run on a pseudo-terminal, as a person would run it: its standard input, output and
/// error are the terminal (so `isatty(0)` is true and input is echoed), and the test types into
/// and reads from the other side.
final class PseudoTerminal {
    struct OpenFailed: Error, CustomStringConvertible {
        var step: String
        var code: Int32
        var description: String { "\(step) failed: \(String(cString: strerror(code)))" }
    }

    let process = Process()
    private let master: Int32
    private let slave: Int32
    private var bytes: [UInt8] = []

    /// Starts `executable` on a new pseudo-terminal.
    init(executable: URL, arguments: [String], environment: [String: String]) throws {
        let calls = try PTYCalls()
        master = calls.posixOpenpt(O_RDWR | O_NOCTTY)
        guard master >= 0 else { throw OpenFailed(step: "posix_openpt", code: errno) }
        guard calls.grantpt(master) == 0, calls.unlockpt(master) == 0, let pointer = calls.ptsname(master) else {
            close(master)
            throw OpenFailed(step: "grantpt/unlockpt", code: errno)
        }
        slave = open(String(cString: pointer), O_RDWR | O_NOCTTY)
        guard slave >= 0 else {
            close(master)
            throw OpenFailed(step: "open slave", code: errno)
        }
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        close(master)
        close(slave)
    }

    /// Everything the program wrote so far, and the echo of what was typed.
    var output: String {
        pump(for: .zero)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Types a line (Enter included).
    func type(_ line: String) {
        let data = Array((line + "\n").utf8)
        var written = 0
        while written < data.count {
            let count = data[written...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            written += count
        }
    }

    /// Waits until `text` has appeared at least `count` times; `false` when the timeout passed.
    @discardableResult
    func waitFor(_ text: String, count: Int = 1, timeout: Duration = .seconds(180)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if occurrences(of: text) >= count { return true }
            pump(for: .milliseconds(100))
        }
        return occurrences(of: text) >= count
    }

    /// How often `text` appears in the output so far.
    func occurrences(of text: String) -> Int {
        output.components(separatedBy: text).count - 1
    }

    /// Waits for the program to exit and returns its status, or `nil` after the timeout.
    func waitForExit(timeout: Duration = .seconds(180)) -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline { pump(for: .milliseconds(100)) }
        pump(for: .zero)
        return process.isRunning ? nil : process.terminationStatus
    }

    /// Sends a signal to the program.
    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    private func pump(for duration: Duration) {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000)
        var wait = milliseconds
        while poll(&descriptor, 1, wait) > 0, descriptor.revents & Int16(POLLIN) != 0 {
            var chunk = [UInt8](repeating: 0, count: 4_096)
            let count = read(master, &chunk, chunk.count)
            guard count > 0 else { return }
            bytes += chunk[..<count]
            wait = 0
        }
    }
}

/// The C library's pseudo-terminal calls, which the Swift Glibc module does not export (they
/// need `_XOPEN_SOURCE`); looked up once by name in the running process.
private struct PTYCalls {
    let posixOpenpt: @convention(c) (Int32) -> Int32
    let grantpt: @convention(c) (Int32) -> Int32
    let unlockpt: @convention(c) (Int32) -> Int32
    let ptsname: @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

    init() throws {
        let process = dlopen(nil, RTLD_NOW)
        func symbol<T>(_ name: String, as type: T.Type) throws -> T {
            guard let address = dlsym(process, name) else {
                throw PseudoTerminal.OpenFailed(step: "dlsym \(name)", code: ENOSYS)
            }
            return unsafeBitCast(address, to: type)
        }
        posixOpenpt = try symbol("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
        grantpt = try symbol("grantpt", as: (@convention(c) (Int32) -> Int32).self)
        unlockpt = try symbol("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
        ptsname = try symbol("ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
    }
}
