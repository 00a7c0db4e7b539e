import CSQLite
import Foundation

/// A value bound to, or read from, an SQLite statement.
enum SQLiteValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
}

/// Types that bind to a statement parameter.
protocol SQLiteBindable {
    var sqliteValue: SQLiteValue { get }
}

extension Int: SQLiteBindable { var sqliteValue: SQLiteValue { .integer(Int64(self)) } }
extension Int64: SQLiteBindable { var sqliteValue: SQLiteValue { .integer(self) } }
extension Double: SQLiteBindable { var sqliteValue: SQLiteValue { .real(self) } }
extension String: SQLiteBindable { var sqliteValue: SQLiteValue { .text(self) } }
extension Bool: SQLiteBindable { var sqliteValue: SQLiteValue { .integer(self ? 1 : 0) } }
extension Optional: SQLiteBindable where Wrapped: SQLiteBindable {
    var sqliteValue: SQLiteValue { self?.sqliteValue ?? .null }
}

/// One row of a query result, read by column index.
struct SQLiteRow {
    fileprivate let statement: OpaquePointer

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }
    func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(statement, column)) }
    func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }
    func optionalDouble(_ column: Int32) -> Double? { isNull(column) ? nil : double(column) }
    func text(_ column: Int32) -> String {
        guard let pointer = sqlite3_column_text(statement, column) else { return "" }
        return String(cString: pointer)
    }
    func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }
}

/// A small wrapper over one SQLite connection: cached prepared statements, binding, stepping and
/// transactions.
///
/// `@unchecked Sendable`: every use of the connection and the statement cache holds `lock`
/// (recursive, so a transaction body can run statements).
final class SQLiteDatabase: @unchecked Sendable {
    private var handle: OpaquePointer?
    private var statements: [String: OpaquePointer] = [:]
    private let lock = NSRecursiveLock()
    /// The file this connection opened.
    let path: String

    /// Opens (and, unless read-only, creates) a database file.
    /// - Throws: ``QuickLogError/database(_:)`` when it cannot be opened.
    init(path: String, readOnly: Bool) throws(QuickLogError) {
        self.path = path
        let flags = readOnly
            ? SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
            : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        var db: OpaquePointer?
        let status = sqlite3_open_v2(path, &db, flags, nil)
        handle = db
        guard status == SQLITE_OK, db != nil else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(db)
            handle = nil
            throw .database("cannot open \(path): \(message)")
        }
        sqlite3_busy_timeout(db, 5_000)
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    /// Runs one or more statements that take no parameters.
    func execute(_ sql: String) throws(QuickLogError) {
        lock.lock()
        defer { lock.unlock() }
        var error: UnsafeMutablePointer<CChar>?
        if sqlite3_exec(handle, sql, nil, nil, &error) != SQLITE_OK {
            let message = error.map { String(cString: $0) } ?? "unknown error"
            sqlite3_free(error)
            throw .database(message)
        }
    }

    /// Runs one statement with parameters and returns the rows it produced.
    func query<Row>(
        _ sql: String, _ bindings: [any SQLiteBindable] = [], row read: (SQLiteRow) throws -> Row
    ) throws -> [Row] {
        lock.lock()
        defer { lock.unlock() }
        let statement = try prepared(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        try bind(bindings, to: statement)
        var rows: [Row] = []
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { break }
            guard status == SQLITE_ROW else { throw QuickLogError.database(lastError) }
            rows.append(try read(SQLiteRow(statement: statement)))
        }
        return rows
    }

    /// Runs one statement with parameters, ignoring any rows.
    @discardableResult
    func run(_ sql: String, _ bindings: [any SQLiteBindable] = []) throws -> Int64 {
        lock.lock()
        defer { lock.unlock() }
        _ = try query(sql, bindings) { _ in () }
        return sqlite3_last_insert_rowid(handle)
    }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`; any error rolls everything back.
    @discardableResult
    func transaction<T>(_ body: () throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        try execute("BEGIN IMMEDIATE")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    private var lastError: String { handle.map { String(cString: sqlite3_errmsg($0)) } ?? "closed" }

    private func prepared(_ sql: String) throws(QuickLogError) -> OpaquePointer {
        if let cached = statements[sql] { return cached }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK,
            let statement
        else { throw .database("\(lastError) in: \(sql)") }
        statements[sql] = statement
        return statement
    }

    private func bind(_ values: [any SQLiteBindable], to statement: OpaquePointer) throws(QuickLogError) {
        // SQLITE_TRANSIENT: SQLite copies the text before the Swift string goes away.
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32 =
                switch value.sqliteValue {
                case .null: sqlite3_bind_null(statement, index)
                case .integer(let number): sqlite3_bind_int64(statement, index, number)
                case .real(let number): sqlite3_bind_double(statement, index, number)
                case .text(let text): sqlite3_bind_text(statement, index, text, -1, transient)
                }
            guard status == SQLITE_OK else { throw .database(lastError) }
        }
    }
}
