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
        master = posix_openpt(O_RDWR | O_NOCTTY)
        guard master >= 0 else { throw OpenFailed(step: "posix_openpt", code: errno) }
        guard grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
            close(master)
            throw OpenFailed(step: "grantpt/unlockpt", code: errno)
        }
        slave = open(name, O_RDWR | O_NOCTTY)
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
    func waitFor(_ text: String, count: Int = 1, timeout: Duration = .seconds(60)) -> Bool {
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
    func waitForExit(timeout: Duration = .seconds(60)) -> Int32? {
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
