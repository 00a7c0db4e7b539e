import Dispatch
import Synchronization

/// Runs llama.cpp calls that block for milliseconds (a decode, a prompt batch) on a Dispatch
/// thread instead of the cooperative pool, so other tasks — an audio watchdog, a UI — keep
/// running while the model works.
///
/// Every call is counted while it runs, so ``stopAll()`` can abort the calls in flight, wait for
/// them to return and refuse new ones before the process exits: `exit()` tearing down llama.cpp
/// while one of its threads still computes crashed the process.
enum BlockingWork {
    private struct State {
        var closed = false
        var nextID = 0
        /// One entry per call running now.
        var cancelHandlers: [Int: @Sendable () -> Void] = [:]
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private static let state = Mutex(State())

    static func run<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await run(onCancel: {}, body)
    }

    /// Like ``run(_:)``, and cancelling the task calls `onCancel` at once (while `body` runs),
    /// so long work such as a prompt batch can stop midway. ``stopAll()`` calls it too.
    static func run<Value: Sendable>(
        onCancel: @escaping @Sendable () -> Void, _ body: @escaping @Sendable () throws -> Value
    ) async throws -> Value {
        guard let id = begin(onCancel: onCancel) else { throw CancellationError() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global(qos: .userInitiated).async {
                    let result = Result { try body() }
                    end(id)
                    continuation.resume(with: result)
                }
            }
        } onCancel: {
            onCancel()
        }
    }

    /// Aborts the work in flight, waits until every call has returned, and makes later calls
    /// throw `CancellationError` at once. Idempotent.
    static func stopAll() async {
        let handlers = state.withLock { state in
            state.closed = true
            return Array(state.cancelHandlers.values)
        }
        for handler in handlers { handler() }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isIdle = state.withLock { state in
                if state.cancelHandlers.isEmpty { return true }
                state.idleWaiters.append(continuation)
                return false
            }
            if isIdle { continuation.resume() }
        }
    }

    private static func begin(onCancel: @escaping @Sendable () -> Void) -> Int? {
        state.withLock { state in
            guard !state.closed else { return nil }
            state.nextID += 1
            state.cancelHandlers[state.nextID] = onCancel
            return state.nextID
        }
    }

    private static func end(_ id: Int) {
        let waiters = state.withLock { state in
            state.cancelHandlers[id] = nil
            guard state.cancelHandlers.isEmpty else { return [CheckedContinuation<Void, Never>]() }
            defer { state.idleWaiters = [] }
            return state.idleWaiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
