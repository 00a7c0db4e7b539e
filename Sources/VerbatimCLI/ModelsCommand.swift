import ArgumentParsing
import Foundation
import LanguageModels

/// `verbatim models`: the catalog's models, which are installed, and the one in use.
func modelsCommand() -> Command {
    Command(
        name: "models",
        abstract: "List the models setup can install, which are installed, and the one in use (*).",
        discussion: """
            Install one with 'make setup MODEL=NAME' (or 'bash scripts/setup.sh --model NAME'); select it \
            a language model with --model NAME or VERBATIM_MODEL=NAME. Any other GGUF file can still be \
            given by path. An embedding model is used where a command offers it (verbatim-eval layout --embedding).
            """,
        options: [ModelOptions.options[0]],
        run: { arguments in
            let inUse = try ModelOptions.model(from: arguments)
            let catalog: ModelCatalog
            do throws(ModelCatalogError) {
                catalog = try ModelCatalog.installed()
            } catch {
                StandardError.write("verbatim models: \(error.description)\n")
                return 1
            }
            print(ModelsListing.table(catalog: catalog, inUse: inUse), terminator: "")
            return 0
        })
}

/// The text `verbatim models` prints.
enum ModelsListing {
    /// One row per catalog model, a star on the one in use, and a line for a model in use that
    /// is not from the catalog.
    static func table(catalog: ModelCatalog, inUse: SystemLanguageModel) -> String {
        var rows = [["", "name", "kind", "size", "licence", "status", "path"]]
        for model in catalog.models {
            let status: String
            let path: String
            switch model.status {
            case .installed(let url): (status, path) = ("installed", url.path)
            case .notInstalled: (status, path) = ("not installed", model.installCommand)
            case .damaged(let url, _): (status, path) = ("damaged", "\(url.path) (reinstall: \(model.installCommand))")
            }
            let marker = inUse.catalogName == model.name ? "*" : ""
            let name = model.name + (model.name == catalog.defaultName ? " (default)" : "")
            rows.append([marker, name, model.kind.rawValue, megabytes(model.bytes), model.licence, status, path])
        }
        var text = format(rows)
        if inUse.catalogName == nil, let url = inUse.url {
            text += "* in use: \(url.path) (not from the catalog)\n"
        }
        return text
    }

    static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }

    /// Left-aligned columns separated by two spaces; the last column is not padded.
    static func format(_ rows: [[String]]) -> String {
        let widths = (0..<(rows.first?.count ?? 0)).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ") + "\n"
        }.joined()
    }
}
