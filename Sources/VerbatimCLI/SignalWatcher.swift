import ArgumentParsing
import DialogueMemo
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
/// The signals come through a ``SignalForwarder``, so they are acted on whatever the run is doing.
///
/// `@unchecked Sendable`: the mutable state is behind a `Mutex`; the forwarder is set in `init`.
final class SignalWatcher: @unchecked Sendable {
    private struct State {
        var cancel: (@Sendable () -> Void)?
        var termination: Int32?
        var interruptArmed = false
        /// A Ctrl-C came before the dialogue was watched: it is cancelled as soon as it is.
        var interruptPending = false
    }

    private let state = Mutex(State())
    private let language: MemoLanguage
    private var forwarder: SignalForwarder?

    /// Starts watching SIGTERM and SIGHUP, and SIGINT too when `interruptsDialogue`.
    /// - Parameter language: The interface language of the message a Ctrl-C shows.
    init(interruptsDialogue: Bool, language: MemoLanguage) {
        self.language = language
        state.withLock { $0.interruptArmed = interruptsDialogue }
        let signals = interruptsDialogue ? [SIGTERM, SIGHUP, SIGINT] : [SIGTERM, SIGHUP]
        forwarder = SignalForwarder(signals) { [weak self] number in
            number == SIGINT ? self?.interrupted() : self?.terminated(by: number)
        }
    }

    /// The termination signal received so far (SIGTERM or SIGHUP), if any.
    var termination: Int32? { state.withLock { $0.termination } }

    /// Cancels `task` on a termination signal and, while the dialogue is watched, on the first
    /// Ctrl-C; at once if one already arrived.
    func watch(_ task: Task<some Sendable, Never>) {
        let alreadyStopped = state.withLock { state -> Bool in
            state.cancel = { task.cancel() }
            defer { state.interruptPending = false }
            return state.termination != nil || state.interruptPending
        }
        if alreadyStopped { task.cancel() }
    }

    /// The dialogue is over: Ctrl-C quits as usual from now on.
    func dialogueFinished() {
        state.withLock { $0.interruptArmed = false }
        forwarder?.stopForwarding(SIGINT)
    }

    private func terminated(by number: Int32) {
        let cancel = state.withLock { state -> (@Sendable () -> Void)? in
            if state.termination == nil { state.termination = number }
            return state.cancel
        }
        cancel?()
    }

    private func interrupted() {
        let (armed, cancel) = state.withLock { state -> (Bool, (@Sendable () -> Void)?) in
            guard state.interruptArmed else { return (false, nil) }
            state.interruptArmed = false
            if state.cancel == nil { state.interruptPending = true }
            return (true, state.cancel)
        }
        guard armed else { return }
        forwarder?.stopForwarding(SIGINT)
        StandardError.write("\n" + ReviewMessage.interrupted.text(language: language) + "\n")
        cancel?()
    }
}
