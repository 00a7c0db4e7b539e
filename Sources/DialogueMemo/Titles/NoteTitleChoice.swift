import LanguageModels
import SentenceSegmentation

/// Gives a note whose first sentence is too long to be its title a title in the person's own
/// words: the model chooses a short span of the idea (decoding forces an exact excerpt), the
/// code trims it and checks it with ``TitleSpan``. A span that fails gets one retry with a
/// reminder naming the problem; after that, and whenever no model is asked, the note keeps its
/// localized kind-and-date title. The title is therefore always a substring of the idea or that
/// fallback, never generated words, and the body is unchanged (a span title repeats words the
/// idea still shows).
public enum NoteTitleChoice {
    /// The most of the idea offered to the model, in characters: whole sentences up to this many
    /// (the first sentence cut here when it alone is longer). Keeps the request under a second.
    public static let maximumIdeaLength = 600

    /// The text a span is chosen from: the start of the idea, ending at the end of the last
    /// sentence that fits within ``maximumIdeaLength`` characters. Always a substring of the idea.
    public static func spanSource(idea: String, language: MemoLanguage) -> String {
        guard idea.count > maximumIdeaLength else { return idea }
        var end = idea.startIndex
        var searchFrom = idea.startIndex
        for sentence in SentenceNumbering.numberedSources(for: idea, language: language.rawValue) {
            guard let range = idea.range(of: sentence, range: searchFrom..<idea.endIndex) else { break }
            guard idea.distance(from: idea.startIndex, to: range.upperBound) <= maximumIdeaLength else { break }
            end = range.upperBound
            searchFrom = range.upperBound
        }
        if end == idea.startIndex { end = idea.index(idea.startIndex, offsetBy: maximumIdeaLength) }
        return String(idea[..<end])
    }

    /// Whether a note of these sources needs a chosen title: its first sentence cannot be the
    /// title (``NoteRenderer/firstSourceCanBeTitle(_:advice:)``, the layout's advice being yes).
    /// Known before the layout, so the title can be chosen while the note is laid out.
    public static func needsSpan(sources: [String], structure: NoteStructure?) -> Bool {
        let effective = NoteRenderer.effective(structure, sourceCount: sources.count, language: .english)
        return !(NoteRenderer.firstSourceCanBeTitle(sources, advice: true) && effective.blocks.first?.label == nil)
    }

    /// Chooses the title of a rendered note.
    /// - Parameters:
    ///   - note: The note, titled by ``NoteRenderer`` (first sentence or fallback).
    ///   - idea: The person's idea, exactly as given.
    ///   - model: The model to ask, or `nil` to keep the note's title.
    ///   - language: The interface language (title size, fillers).
    /// - Returns: The note, retitled with the span when one passed the checks, and what it took.
    public static func choose(
        for note: MemoNote, idea: String, model: (any MemoModel)?, language: MemoLanguage
    ) async -> (note: MemoNote, record: TitleRecord) {
        guard !note.titleIsFirstSource, let model else { return applying(nil, to: note) }
        return applying(await chooseSpan(idea: idea, model: model, language: language), to: note)
    }

    /// Asks the model for a span of the idea and checks it (one retry with a reminder).
    /// - Returns: The span that passed, or `nil`, and what it took.
    public static func chooseSpan(idea: String, model: any MemoModel, language: MemoLanguage) async
        -> (span: String?, record: TitleRecord)
    {
        var record = TitleRecord(kind: .fallback)
        guard !DialogueEngine.isBlank(idea) else { return (nil, record) }
        let clock = ContinuousClock()
        let start = clock.now
        let source = spanSource(idea: idea, language: language)
        let span = await chosenSpan(from: source, model: model, language: language, record: &record)
        record.milliseconds = (clock.now - start).milliseconds
        return (span, record)
    }

    /// A note under the chosen span, when there is one and the note's first sentence is not its
    /// title; else the note as it is.
    /// - Parameters:
    ///   - choice: What ``chooseSpan(idea:model:language:)`` returned, or `nil` when the model was not asked.
    ///   - note: The rendered note.
    public static func applying(_ choice: (span: String?, record: TitleRecord)?, to note: MemoNote)
        -> (note: MemoNote, record: TitleRecord)
    {
        if note.titleIsFirstSource { return (note, TitleRecord(kind: .firstSentence)) }
        guard var record = choice?.record else { return (note, TitleRecord(kind: .fallback)) }
        guard let span = choice?.span else {
            record.kind = .fallback
            return (note, record)
        }
        record.kind = .span
        return (retitled(note, span), record)
    }

    /// The model's span, trimmed and checked, with one retry; `nil` when none passed.
    private static func chosenSpan(
        from source: String, model: any MemoModel, language: MemoLanguage, record: inout TitleRecord
    ) async -> String? {
        var reminder: String?
        for attempt in 0..<2 {
            if Task.isCancelled { break }
            record.retried = attempt == 1
            let answer: String?
            do {
                answer = try await model.chooseTitleSpan(in: source, language: language, reminder: reminder)
            } catch let error as LanguageModelSession.GenerationError {
                record.modelRequests += 1
                record.failures.append(error.description)
                // Only invalid output earns the retry; a full context or a missing model will not improve.
                guard case .decodingFailure = error else { break }
                continue
            } catch {
                record.modelRequests += 1
                record.failures.append(error is CancellationError ? "cancelled" : String(describing: error))
                break
            }
            // `nil`: this model does not choose titles.
            guard let answer else { break }
            record.modelRequests += 1
            let span = TitleSpan.trimmed(answer)
            if let problem = TitleSpan.problem(with: span, in: source, language: language) {
                let reason = "you chose \"\(span)\": " + problem.reminder(for: language)
                record.failures.append(reason)
                reminder = reason
                continue
            }
            return span
        }
        return nil
    }

    /// The note under another title; the blocks are untouched.
    static func retitled(_ note: MemoNote, _ title: String) -> MemoNote {
        var note = note
        note.title = title
        return note
    }
}
