import Dispatch

/// Runs llama.cpp calls that block for milliseconds (a decode, a prompt batch) on a Dispatch
/// thread instead of the cooperative pool, so other tasks — an audio watchdog, a UI — keep
/// running while the model works.
enum BlockingWork {
    static func run<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(with: Result { try body() })
            }
        }
    }

    /// Like ``run(_:)``, and cancelling the task calls `onCancel` at once (while `body` runs),
    /// so long work such as a prompt batch can stop midway.
    static func run<Value: Sendable>(
        onCancel: @escaping @Sendable () -> Void, _ body: @escaping @Sendable () throws -> Value
    ) async throws -> Value {
        try await withTaskCancellationHandler {
            try await run(body)
        } onCancel: {
            onCancel()
        }
    }
}
