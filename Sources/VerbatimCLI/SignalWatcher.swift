import ArgumentParsing
import DialogueMemo
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The signals that stop a `verbatim memo` run, turned into cancellation so the words stay.
///
/// SIGTERM and SIGHUP cancel whatever is watched (the dialogue, then the review) and are
/// remembered: the run then keeps the note as a draft instead of losing it. In a terminal the
/// first Ctrl-C cancels the dialogue (the engine finishes locally and the review follows); a
/// second one quits as usual, with the note already on screen.
///
/// A signal handler only writes the signal's number to a pipe, and a thread of the watcher's own
/// reads it, so a signal is acted on whatever the program is doing: no thread from the shared
/// pool is needed (the dialogue may hold one while it waits for input), and no signal is left to
/// a dispatch source, whose Linux implementation re-raises signals to the thread that first
/// registered one.
///
/// `@unchecked Sendable`: the mutable state is behind a `Mutex`; the pipe's descriptors are set
/// in `init` and closed in `deinit`.
final class SignalWatcher: @unchecked Sendable {
    private struct State {
        var cancel: (@Sendable () -> Void)?
        var termination: Int32?
        var interruptArmed = false
    }

    private let state = Mutex(State())
    private let language: MemoLanguage
    private let watched: [Int32]
    private let readEnd: Int32

    /// Starts watching SIGTERM and SIGHUP, and SIGINT too when `interruptsDialogue`.
    /// - Parameter language: The interface language of the message a Ctrl-C shows.
    init(interruptsDialogue: Bool, language: MemoLanguage) {
        self.language = language
        watched = interruptsDialogue ? [SIGTERM, SIGHUP, SIGINT] : [SIGTERM, SIGHUP]
        state.withLock { $0.interruptArmed = interruptsDialogue }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            // No pipe (out of descriptors): the signals keep their default action, which ends the
            // run as before this watcher existed.
            readEnd = -1
            return
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        readEnd = ends[0]
        signalPipeWriteEnd.store(ends[1], ordering: .relaxed)
        for number in watched { Self.install(forwardSignalNumber, for: number) }
        let thread = Thread { [weak self, readEnd = ends[0]] in
            var number: UInt8 = 0
            while true {
                let count = read(readEnd, &number, 1)
                if count < 0, errno == EINTR { continue }
                guard count == 1, let self else { break }
                self.received(Int32(number))
            }
            close(readEnd)
        }
        thread.name = "verbatim-signals"
        thread.start()
    }

    deinit {
        guard readEnd >= 0 else { return }
        for number in watched { signal(number, SIG_DFL) }
        // The reader thread sees the end of the pipe, stops and closes its end.
        let writeEnd = signalPipeWriteEnd.exchange(-1, ordering: .relaxed)
        if writeEnd >= 0 { close(writeEnd) }
    }

    /// The termination signal received so far (SIGTERM or SIGHUP), if any.
    var termination: Int32? { state.withLock { $0.termination } }

    /// Cancels `task` on a termination signal (at once if one already arrived) and, while the
    /// dialogue is watched, on the first Ctrl-C.
    func watch(_ task: Task<some Sendable, Never>) {
        let alreadyTerminated = state.withLock { state -> Bool in
            state.cancel = { task.cancel() }
            return state.termination != nil
        }
        if alreadyTerminated { task.cancel() }
    }

    /// The dialogue is over: Ctrl-C quits as usual from now on.
    func dialogueFinished() {
        state.withLock { $0.interruptArmed = false }
        signal(SIGINT, SIG_DFL)
    }

    private func received(_ number: Int32) {
        number == SIGINT ? interrupted() : terminated(by: number)
    }

    private func terminated(by number: Int32) {
        let cancel = state.withLock { state -> (@Sendable () -> Void)? in
            if state.termination == nil { state.termination = number }
            return state.cancel
        }
        cancel?()
    }

    private func interrupted() {
        let cancel = state.withLock { state -> (@Sendable () -> Void)? in
            guard state.interruptArmed else { return nil }
            state.interruptArmed = false
            return state.cancel
        }
        guard let cancel else { return }
        signal(SIGINT, SIG_DFL)
        StandardError.write("\n" + ReviewMessage.interrupted.text(language: language) + "\n")
        cancel()
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

/// Where the signal handler writes: the write end of the running watcher's pipe, or -1.
private let signalPipeWriteEnd = Atomic<Int32>(-1)

/// The signal handler: writes the signal's number to the watcher's pipe (`write` is safe in a
/// signal handler; `errno` is kept for the code the signal interrupted).
private func forwardSignalNumber(_ number: Int32) {
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalPipeWriteEnd.load(ordering: .relaxed), &byte, 1)
    errno = saved
}
