import Foundation

/// The fixed table of what the server serves besides its APIs: a few pages and their scripts and
/// style, read once from the package's resources. A path not in the table is a 404, so no request
/// can reach another file.
struct WebAssets: Sendable {
    /// One asset: its bytes and content type.
    struct Asset: Sendable {
        var body: Data
        var type: String
        /// Pages get the session token written in.
        var isPage: Bool
    }

    /// URL path → resource file name and content type.
    static let table: [String: (file: String, type: String)] = [
        "/": ("index.html", "text/html; charset=utf-8"),
        "/food": ("food.html", "text/html; charset=utf-8"),
        "/memo": ("memo.html", "text/html; charset=utf-8"),
        "/assets/app.css": ("app.css", "text/css; charset=utf-8"),
        "/assets/common.js": ("common.js", "text/javascript; charset=utf-8"),
        "/assets/food.js": ("food.js", "text/javascript; charset=utf-8"),
        "/assets/memo.js": ("memo.js", "text/javascript; charset=utf-8"),
        "/assets/recorder.js": ("recorder.js", "text/javascript; charset=utf-8"),
        "/assets/icon.svg": ("icon.svg", "image/svg+xml"),
    ]

    private let assets: [String: Asset]

    /// Reads every asset in the table.
    /// - Throws: ``WebError/failed(_:)`` naming a missing resource.
    init() throws(WebError) {
        var assets: [String: Asset] = [:]
        for (path, entry) in Self.table {
            guard let url = Bundle.module.url(forResource: entry.file, withExtension: nil, subdirectory: "Site"),
                let body = try? Data(contentsOf: url)
            else { throw .failed("the web app's resource \(entry.file) is missing from the build") }
            assets[path] = Asset(body: body, type: entry.type, isPage: entry.type.hasPrefix("text/html"))
        }
        self.assets = assets
    }

    /// The asset at a URL path, if the table has one.
    func asset(at path: String) -> Asset? { assets[path] }
}
