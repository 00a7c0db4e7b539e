import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns signals into calls on a thread of its own, so the program acts on a signal whatever it
/// is doing.
///
/// The signal handler only writes the signal's number to a pipe, which the forwarder's thread
/// reads. No thread of the shared pool is needed (the memo dialogue holds one while it waits for
/// input), and no dispatch source is involved (on Linux they re-raise a signal to the thread that
/// first registered it). One forwarder runs at a time; its signals take their default action again
/// when it is released.
///
/// `@unchecked Sendable`: the descriptors are set in `init` and only closed in `deinit`.
final class SignalForwarder: @unchecked Sendable {
    private let signals: [Int32]
    private let installed: Bool

    /// Starts forwarding `signals` to `received`, called on the forwarder's thread in the order
    /// the signals came. Without a pipe (no descriptors left) the signals keep their default action.
    init(_ signals: [Int32], to received: @escaping @Sendable (Int32) -> Void) {
        self.signals = signals
        var ends: [Int32] = [-1, -1]
        installed = pipe(&ends) == 0
        guard installed else { return }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        signalPipeWriteEnd.store(ends[1], ordering: .relaxed)
        for number in signals { Self.install(forwardSignalNumber, for: number) }
        let thread = Thread { [readEnd = ends[0]] in
            var number: UInt8 = 0
            while true {
                let count = read(readEnd, &number, 1)
                if count < 0, errno == EINTR { continue }
                guard count == 1 else { break }
                received(Int32(number))
            }
            close(readEnd)
        }
        thread.name = "verbatim-signals"
        thread.start()
    }

    deinit {
        guard installed else { return }
        for number in signals { signal(number, SIG_DFL) }
        // The thread reads the end of the pipe, stops and closes its end.
        let writeEnd = signalPipeWriteEnd.exchange(-1, ordering: .relaxed)
        if writeEnd >= 0 { close(writeEnd) }
    }

    /// `number` takes its default action again (a second Ctrl-C quits as usual).
    func stopForwarding(_ number: Int32) {
        signal(number, SIG_DFL)
    }

    /// Sets `handler` for `number`, restarting interrupted system calls.
    private static func install(_ handler: @convention(c) (Int32) -> Void, for number: Int32) {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
        #else
        action.__sigaction_u.__sa_handler = handler
        #endif
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        sigaction(number, &action, nil)
    }
}

/// Where the signal handler writes: the write end of the running forwarder's pipe, or -1.
private let signalPipeWriteEnd = Atomic<Int32>(-1)

/// The signal handler: writes the signal's number to the forwarder's pipe (`write` is safe in a
/// signal handler; `errno` is kept for the code the signal interrupted).
private func forwardSignalNumber(_ number: Int32) {
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalPipeWriteEnd.load(ordering: .relaxed), &byte, 1)
    errno = saved
}
