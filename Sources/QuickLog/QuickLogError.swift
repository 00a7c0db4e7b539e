/// Why a Quick Log operation failed. Each case has a one-line ``description``.
public enum QuickLogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The nutrition database has not been built (run setup).
    case nutritionDatabaseMissing(String)
    /// An SQLite operation failed.
    case database(String)
    /// The review step does not allow this action now.
    case invalidStep(action: String, step: String)
    /// No review item has this identifier.
    case unknownItem(Int)
    /// A value given by the user is not acceptable.
    case invalidValue(String)
    /// A name is already used by another food, recipe or meal.
    case duplicateName(String)
    /// Nothing with this name exists.
    case notFound(String)

    public var description: String {
        switch self {
        case .nutritionDatabaseMissing(let detail):
            "the nutrition database is not installed (\(detail)); run 'make setup' or scripts/setup.sh"
        case .database(let detail): "database error: \(detail)"
        case .invalidStep(let action, let step): "cannot \(action) while the quick log is \(step)"
        case .unknownItem(let id): "no review item #\(id)"
        case .invalidValue(let detail): "invalid value: \(detail)"
        case .duplicateName(let name): "'\(name)' already exists"
        case .notFound(let name): "'\(name)' was not found"
        }
    }
}
