import CReadline
import Foundation

/// A line the person edits in place: it opens holding a text (a recognized answer) with the
/// cursor at its end; the arrow keys, Backspace and readline's usual keys edit it, Enter sends it.
/// GNU readline from Debian does the editing.
enum EditableLine {
    /// Whether standard input and output are a terminal (otherwise lines are read plainly).
    static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// The edited line, or `nil` at end of input (Ctrl-D on an empty line).
    static func read(prompt: String, prefilled text: String) -> String? {
        // Readline wants prompts and text as C strings; invalid UTF-8 never reaches here (Swift strings).
        guard let line = verbatim_readline_prefilled(prompt, text) else { return nil }
        defer { free(line) }
        return String(cString: line)
    }
}
