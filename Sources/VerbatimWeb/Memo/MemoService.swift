public import DialogueMemo
import Foundation
public import LanguageModels

/// Memo dialogues behind the web app: the same `DialogueEngine` `verbatim memo` drives (rules
/// decide, the model advises), one per tab, and the same notes folder.
///
/// The model's work runs in the background, one step at a time across all tabs (one model in
/// memory); a page polls ``session(_:)`` and shows the phase meanwhile.
public actor MemoService {
    private let model: SystemLanguageModel?
    private let store: NoteStore
    private var sessions: [String: MemoSession] = [:]
    private var order: [String] = []
    private var queue: Task<Void, Never>?
    private static let keptSessions = 50
    private let searchesNotes: Bool
    /// Loaded on the first save or search (the encoder takes a second or two to load).
    private var noteSearch: NoteSearch?

    /// Creates the service.
    /// - Parameters:
    ///   - model: The model that advises the questions, or `nil` for rules only (and word-overlap
    ///     layout). Each dialogue checks it for its language as `verbatim memo` does
    ///     (``ModelAccess/resolve(_:language:)``, which also picks the language's layout), and runs on
    ///     rules with a notice when it is unavailable or does not support the language.
    ///   - store: Where accepted notes go.
    ///   - searchesNotes: Whether saved notes are embedded on save and ``search(_:limit:)``
    ///     answers, with the multilingual embedding model (``EmbeddingModel/multilingual(catalog:threads:)``).
    public init(model: SystemLanguageModel?, store: NoteStore, searchesNotes: Bool = false) {
        self.model = model
        self.store = store
        self.searchesNotes = searchesNotes
    }

    private func access(for language: MemoLanguage) -> ModelAccess {
        model.map { ModelAccess.resolve($0, language: language) } ?? .rulesOnly
    }

    /// Starts a dialogue: its first phase asks for the idea.
    public func start(language: MemoLanguage) -> MemoSessionView {
        let id = UUID().uuidString
        let session = MemoSession(id: id, language: language, access: access(for: language))
        sessions[id] = session
        order.append(id)
        while order.count > Self.keptSessions { sessions[order.removeFirst()] = nil }
        return session.view
    }

    /// The dialogue as it is now.
    public func session(_ id: String) throws(WebError) -> MemoSessionView {
        guard let session = sessions[id] else { throw .notFound("memo \(id)") }
        return session.view
    }

    /// The person's words for what is asked: the idea, an answer, or one more thing. A blank
    /// answer ends the questions. The next step runs in the background.
    public func answer(_ id: String, text: String) throws(WebError) -> MemoSessionView {
        guard var session = sessions[id] else { throw .notFound("memo \(id)") }
        let next = try session.take(text)
        sessions[id] = session
        schedule(id, next)
        return session.view
    }

    /// Ends the questions now and lays out the note.
    public func finish(_ id: String) throws(WebError) -> MemoSessionView {
        guard var session = sessions[id] else { throw .notFound("memo \(id)") }
        try session.stopAsking()
        sessions[id] = session
        schedule(id, .layout)
        return session.view
    }

    /// Saves the reviewed (maybe edited) note; returns its ID in the notes folder. Titles,
    /// headings and texts are trimmed, and blocks left with neither are dropped.
    /// - Throws: ``WebError/badRequest(_:)`` when the note is not ready, or holds no words
    ///   (``SaveDecision``); ``WebError/failed(_:)`` when it cannot be written.
    public func save(_ id: String, title: String, blocks: [Note.Block]) async throws(WebError) -> MemoSessionView {
        guard var session = sessions[id] else { throw .notFound("memo \(id)") }
        guard session.phase == .review else { throw .badRequest("the note is not ready to save") }
        let note = Self.trimmed(title: title, blocks: blocks)
        let decision = SaveDecision.decide(
            hasWords: note.hasText, declinedToRecord: session.engine.finishReason == .declinedToRecord,
            personPresent: true, stopped: false, consent: .accepted)
        guard decision == .save else { throw .badRequest("the note holds no words to save") }
        do {
            session.savedID = try store.save(note)
        } catch {
            throw .failed(error.description)
        }
        session.note = MemoNoteView(note)
        session.phase = .saved
        sessions[id] = session
        // The note is searchable at once; when indexing fails the next search catches up.
        if searchesNotes, let search = try? await loadedSearch() { _ = try? await search.refresh() }
        return sessions[id]?.view ?? session.view
    }

    /// A note from the page's fields: each trimmed, blocks with neither heading nor text dropped.
    static func trimmed(title: String, blocks: [Note.Block]) -> Note {
        let trim = { (text: String) in text.trimmingCharacters(in: .whitespacesAndNewlines) }
        let kept = blocks.map { Note.Block(heading: trim($0.heading), text: trim($0.text)) }
        return Note(title: trim(title), blocks: kept.filter { !$0.heading.isEmpty || !$0.text.isEmpty })
    }

    /// The saved notes closest in meaning to a query (in any of the five languages), best first.
    /// - Throws: ``WebError/badRequest(_:)`` for an empty query, ``WebError/unavailable(_:)``
    ///   when note search is off or the embedding model is not installed, ``WebError/failed(_:)``.
    public func search(_ query: String, limit: Int) async throws(WebError) -> [NoteSearch.Match] {
        guard !query.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .badRequest("an empty search") }
        let search = try await loadedSearch()
        do {
            return try await search.search(query, limit: max(1, min(limit, 50)))
        } catch {
            throw .failed("note search: \(error)")
        }
    }

    private func loadedSearch() async throws(WebError) -> NoteSearch {
        if let noteSearch { return noteSearch }
        guard searchesNotes else { throw .unavailable("note search is off") }
        // Loading takes a second or two: off the actor, so other tabs' requests go on meanwhile.
        let loaded = await Task.detached { () -> Result<EmbeddingModel, EmbeddingError> in
            do throws(EmbeddingError) { return .success(try EmbeddingModel.multilingual()) } catch { return .failure(error) }
        }.value
        if let noteSearch { return noteSearch }  // another request loaded it meanwhile
        switch loaded {
        case .success(let model):
            let search = NoteSearch(store: store, model: model)
            noteSearch = search
            return search
        case .failure(let error):
            throw .unavailable(error.description)
        }
    }

    /// Discards the note: nothing is written.
    public func discard(_ id: String) throws(WebError) -> MemoSessionView {
        guard var session = sessions[id] else { throw .notFound("memo \(id)") }
        guard session.phase == .review || session.phase == .asking || session.phase == .closing else {
            throw .badRequest("nothing to discard now (\(session.phase.rawValue))")
        }
        session.phase = .discarded
        sessions[id] = session
        return session.view
    }

    /// The saved notes, newest first.
    public func notes() throws(WebError) -> [NoteStore.Entry] {
        do { return try store.list() } catch { throw .failed(error.description) }
    }

    /// A saved note's Markdown.
    public func note(_ id: String) throws(WebError) -> String {
        do { return try store.show(id: id) } catch { throw .notFound("note \(id)") }
    }

    // MARK: - Background steps

    private func schedule(_ id: String, _ step: MemoSession.Step) {
        guard step != .none else { return }
        let previous = queue
        queue = Task {
            await previous?.value
            await self.run(step, for: id)
        }
    }

    private func run(_ step: MemoSession.Step, for id: String) async {
        // Only a thinking or composing session waits for this step; nothing else changes its engine meanwhile.
        guard let waiting = sessions[id], waiting.phase == .thinking || waiting.phase == .composing else { return }
        var engine = waiting.engine
        switch step {
        case .none:
            return
        case .question:
            let next = await engine.nextQuestion()
            guard var session = sessions[id], session.phase == .thinking else { return }
            session.engine = engine
            if case .ask(_, let question) = next {
                session.ask(question)
                sessions[id] = session
                return
            }
            if let notice = engine.endingNotice {
                session.askClosing(notice + "\n" + QuestionCatalog.closing(language: session.language))
                sessions[id] = session
                return
            }
            session.phase = .composing
            sessions[id] = session
            await run(.layout, for: id)
        case .layout:
            let note = await engine.finish()
            guard var session = sessions[id], session.phase == .thinking || session.phase == .composing else { return }
            session.engine = engine
            session.review(note)
            sessions[id] = session
        }
    }
}

extension MemoService {
    /// Why English dialogues run on rules alone, when they do.
    public var notice: String? { access(for: .english).notice }
}
