import CMeCab
import Foundation
import Synchronization

/// Turns Japanese text into its katakana reading with MeCab, so espeak-ng does not read kanji as
/// "Chinese letter". Words MeCab does not know keep their spelling.
enum JapaneseReading {
    private static let lock = Mutex<Void>(())

    /// The katakana reading of `text`, or `text` itself if MeCab cannot run.
    static func katakana(_ text: String, dictionary: String?) -> String {
        lock.withLock { _ in
            var arguments = "-Oyomi"
            if let dictionary, FileManager.default.fileExists(atPath: dictionary) { arguments += " -d \(dictionary)" }
            guard let tagger = mecab_new2(arguments) else { return text }
            defer { mecab_destroy(tagger) }
            guard let result = mecab_sparse_tostr(tagger, text) else { return text }
            let reading = String(cString: result).trimmingCharacters(in: .whitespacesAndNewlines)
            return reading.isEmpty ? text : reading
        }
    }
}
