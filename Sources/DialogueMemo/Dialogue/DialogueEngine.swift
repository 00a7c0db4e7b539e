public import Foundation
import LanguageModels
import SentenceSegmentation

/// The Dialogue Memo state machine: start with an idea, ask up to six questions, take answers,
/// then finish with a note that holds every sentence the person said.
///
///     var engine = DialogueEngine(language: .english, access: .resolve(.default, language: .english))
///     engine.start(idea: "A new product idea.")
///     while case .ask(_, let question) = await engine.nextQuestion() {
///         engine.answer(readAnswer(question))
///     }
///     let note = await engine.finish()
///
/// The model only advises: ``ChoiceRules`` decide every question, and failures fall back to rules
/// and to the local layout. Cancellation is checked between steps; the words always stay.
public struct DialogueEngine: Sendable {
    /// What to do next.
    public enum Step: Sendable, Equatable {
        /// Ask this question (its intent and the reviewed words).
        case ask(QuestionChoice, String)
        /// The exchange is finished.
        case finished(FinishReason)
    }

    /// The interface language.
    public let language: MemoLanguage
    /// The limits.
    public let limits: DialogueLimits
    private let model: (any MemoModel)?
    /// The language's break scorer (``LayoutChoice``), reading each long answer's paragraph breaks
    /// while the person answers the next question, so ``finish(date:timeZone:)`` waits only for
    /// what is still unread.
    private let readAhead: BreakScoreReadAhead?
    /// What a block gets without scores (``LayoutChoice/local``).
    private let localLayout: LayoutMethod
    /// Turns whose paragraph breaks the scorer has started reading.
    private var turnsReadAhead = 0
    /// The model evaluating the start of the next question prompt while the person says the idea
    /// or answers; the next decision waits for it, so it finds that start in the KV cache.
    private var preparation: Task<Void, Never>?
    /// The model evaluating the title instructions while the person answers, once an idea whose
    /// first sentence is too long to be the title has been said (after the question preparation).
    private var titlePreparation: Task<Void, Never>?
    /// The idea, then each answer.
    public private(set) var turns: [DialogueTurn] = []
    /// The question waiting for an answer.
    public private(set) var pendingQuestion: QuestionChoice?
    /// Why the exchange finished, once it has.
    public private(set) var finishReason: FinishReason?
    /// The record of every decision, fallback and timing.
    public private(set) var record: ExchangeRecord
    private var modelStopped = false

    /// Creates an engine.
    /// - Parameters:
    ///   - language: The interface language for questions and the generic title.
    ///   - access: The model to advise, or rules only, with its notice, and the layout.
    ///   - limits: The question limit and transcript cap.
    public init(language: MemoLanguage, access: ModelAccess, limits: DialogueLimits = .standard) {
        self.language = language
        self.limits = limits
        self.readAhead = access.layout.scorer.map(BreakScoreReadAhead.init(base:))
        self.localLayout = access.layout.local
        let model = access.model
        self.model = model
        self.record = ExchangeRecord(language: language, modelUsed: access.model != nil, notice: access.notice)
        if let fallback = access.fallback { record.fallbacks.append(fallback) }
        // While the person says the idea, the model evaluates its instructions and how every
        // question prompt starts, so the first decision reads little more than the idea.
        if let model {
            let prefix = MemoPrompts.openingPromptPrefix(language: language)
            preparation = Task(priority: .userInitiated) { await model.prepareQuestion(promptPrefix: prefix) }
        }
    }

    /// Creates an engine over a model (or rules only when `nil`). A model that also scores
    /// paragraph breaks (``ParagraphBreakScoring``) lays the note out; else lexical cohesion does.
    public init(language: MemoLanguage, model: (any MemoModel)?, limits: DialogueLimits = .standard) {
        let scorer = model as? any ParagraphBreakScoring
        self.init(
            language: language,
            access: ModelAccess(model: model, layout: scorer.map { LayoutChoice(scorer: $0) } ?? .lexicalCohesion),
            limits: limits)
    }

    /// The rules' view of the exchange so far.
    public var context: DialogueContext { DialogueContext(turns: turns, maximumQuestions: limits.maximumQuestions) }

    /// Characters the person has said so far.
    public var transcriptCharacters: Int { turns.reduce(0) { $0 + $1.answer.count } }

    /// Starts with the person's idea (kept exactly as given).
    public mutating func start(idea: String) {
        turns = [DialogueTurn(intent: nil, answer: idea)]
        pendingQuestion = nil
        finishReason = nil
        syncRecord()
    }

    /// Restores an exchange already under way (the idea first), e.g. to evaluate the next decision.
    public mutating func restore(turns: [DialogueTurn]) {
        self.turns = turns
        turnsReadAhead = 0
        pendingQuestion = nil
        finishReason = nil
        syncRecord()
    }

    /// Records the answer to the pending question (or starts with it as the idea). Ignored once
    /// the exchange has finished.
    public mutating func answer(_ text: String) {
        guard finishReason == nil else { return }
        if turns.isEmpty {
            start(idea: text)
            return
        }
        turns.append(DialogueTurn(intent: pendingQuestion, answer: text))
        pendingQuestion = nil
        syncRecord()
    }

    /// Adds one more thing after the exchange ended by itself: the answer to
    /// ``QuestionCatalog/closing(language:)``, kept as a turn without an intent. Blank text adds
    /// nothing; before the exchange has finished, or when the person ended it, it is ignored.
    public mutating func addAfterEnding(_ text: String) {
        guard let finishReason, finishReason.endedByItself, !turns.isEmpty, !Self.isBlank(text) else { return }
        turns.append(DialogueTurn(intent: nil, answer: text))
        syncRecord()
    }

    /// The line saying why the exchange ended by itself, or `nil` when it has not finished or
    /// the person ended it.
    public var endingNotice: String? {
        finishReason.flatMap {
            EndingNotice.line(
                for: $0, kind: context.kind, maximumQuestions: limits.maximumQuestions, language: language)
        }
    }

    /// Ends the exchange on the person's behalf (an empty answer, the end of input, a cancel).
    public mutating func end(_ reason: FinishReason = .endedByPerson) {
        guard finishReason == nil else { return }
        finishReason = reason
        pendingQuestion = nil
        if reason == .cancelled {
            modelStopped = true
            readAhead?.cancelReads()
            titlePreparation?.cancel()
            record.fallbacks.append(.cancelled)
        }
        record.finishReason = reason
    }

    /// Decides the next question: rules first, then the model's advice (with one retry on invalid
    /// output), then the rules again on what it picked.
    public mutating func nextQuestion() async -> Step {
        if let finishReason { return .finished(finishReason) }
        if let pendingQuestion, let text = QuestionCatalog.question(for: pendingQuestion, language: language) {
            return .ask(pendingQuestion, text)
        }
        if Task.isCancelled { return finishing(.cancelled) }
        guard let idea = turns.first?.answer, !Self.isBlank(idea) else {
            return finishing(.emptyIdea)
        }
        let clock = ContinuousClock()
        let start = clock.now
        let context = self.context
        var fallbacks: [Fallback] = []
        var requests = 0
        var decision: ChoiceRules.Decision
        if let early = ChoiceRules.decisionBeforeModel(in: context) {
            decision = early
        } else if transcriptCharacters > limits.transcriptCharacterCap {
            modelStopped = true
            decision = ChoiceRules.Decision(modelPick: nil, choice: .ready, reasons: [.transcriptCap])
        } else {
            var pick: QuestionChoice?
            if let model, !modelStopped {
                let prompt = MemoPrompts.questionPrompt(for: context, language: language)
                await preparation?.value
                attempts: for attempt in 0..<2 {
                    if attempt == 1 { fallbacks.append(.questionRetry) }
                    requests += 1
                    do {
                        pick = try await model.chooseQuestion(
                            prompt: prompt, among: ChoiceRules.allowedChoices(in: context))
                        break attempts
                    } catch is CancellationError {
                        return finishing(.cancelled)
                    } catch let error as LanguageModelSession.GenerationError {
                        guard case .decodingFailure = error else { break attempts }
                    } catch {
                        break attempts
                    }
                }
                if pick == nil { fallbacks.append(.questionByRules) }
                if Task.isCancelled { return finishing(.cancelled) }
            }
            decision = ChoiceRules.decide(modelPick: pick, in: context)
        }
        let question = QuestionCatalog.question(for: decision.choice, language: language)
        record.decisions.append(
            ExchangeRecord.Decision(
                index: context.questionsAsked, modelPick: decision.modelPick, rulesChoice: decision.choice,
                reasons: decision.reasons, question: question, fallbacks: fallbacks, modelRequests: requests,
                milliseconds: (clock.now - start).milliseconds))
        record.fallbacks += fallbacks
        readAheadNewTurns()
        guard let question else { return finishing(Self.finishReason(for: decision)) }
        if let model, !modelStopped {
            let prefix = MemoPrompts.questionPromptPrefix(for: context, asking: decision.choice, language: language)
            preparation = Task(priority: .userInitiated) { await model.prepareQuestion(promptPrefix: prefix) }
            prepareTitleIfNeeded(model: model)
        }
        pendingQuestion = decision.choice
        return .ask(decision.choice, question)
    }

    /// Waits until the model has done what it does while the person answers: evaluating the start
    /// of the next question prompt and reading the paragraph breaks of every answer it started on
    /// (see ``finish(date:timeZone:)``); returns at once without a model. For benchmarks: a person
    /// who takes this long to answer waits for none of it.
    public func readingAhead() async {
        await preparation?.value
        await titlePreparation?.value
        await readAhead?.waitForReads()
    }

    /// Finishes the exchange and lays out the note from every sentence said: the idea, then one
    /// block per answer under its question, laid out as the access's ``LayoutChoice`` says. Past
    /// the transcript cap, after a cancel, or without a scorer, the choice's local layout is used.
    /// When the idea's first sentence is too long to be the title, the model may choose a span of
    /// the idea instead (``NoteTitleChoice``); else, and without a model, the title is the note's
    /// kind and date.
    ///
    /// Each answer long enough for two paragraphs has its break scores read while the person
    /// answers the next question (from the end of each decision), so the layout here waits only
    /// for the reading still under way and for answers given after the last decision.
    /// - Parameters:
    ///   - date: When the note is made (its title when the first sentence cannot be one).
    ///   - timeZone: The time zone of that date.
    public mutating func finish(date: Date = Date(), timeZone: TimeZone = .current) async -> MemoNote {
        if finishReason == nil { end(Task.isCancelled ? .cancelled : .endedByPerson) }
        // No question follows: a prompt prepared for one would only compete with the layout.
        preparation?.cancel()
        preparation = nil
        if Task.isCancelled, !modelStopped {
            modelStopped = true
            record.fallbacks.append(.cancelled)
        }
        let sources = SourceSentences.sources(from: turns.map(\.answer), language: language.rawValue)
        let useModel = !modelStopped && transcriptCharacters <= limits.transcriptCharacterCap
        if !useModel { readAhead?.cancelReads() }
        let structure = NoteStructure(turns: turns, language: language, date: date, timeZone: timeZone)
        // A first sentence too long to be the title: the model may choose a span of the idea,
        // while the note is laid out (in a context of its own; the layout uses an encoder).
        let titleModel = useModel && !Task.isCancelled && NoteTitleChoice.needsSpan(sources: sources, structure: structure)
            ? model : nil
        if titleModel == nil { titlePreparation?.cancel() }
        async let titleChoice = Self.titleSpan(
            idea: turns.first?.answer ?? "", model: titleModel, language: language, after: titlePreparation)
        let (note, layoutRecord) = await NoteLayout.compose(
            sources: sources, model: useModel ? readAhead : nil, language: language, structure: structure,
            local: localLayout)
        record.layout = layoutRecord
        if layoutRecord.retries > 0 { record.fallbacks.append(.layoutRetry) }
        if layoutRecord.localFallbacks > 0 { record.fallbacks.append(.localLayout) }
        let (titled, titleRecord) = NoteTitleChoice.applying(await titleChoice, to: note)
        record.title = titleRecord
        if titleRecord.retried { record.fallbacks.append(.titleRetry) }
        if titleRecord.kind == .fallback, titleRecord.modelRequests > 0 { record.fallbacks.append(.datedTitle) }
        return titled
    }

    /// The model's title span for the idea, or `nil` without a model; asked once `preparation`
    /// has evaluated the instructions (so the request finds them in the KV cache).
    private static func titleSpan(
        idea: String, model: (any MemoModel)?, language: MemoLanguage, after preparation: Task<Void, Never>?
    ) async -> (span: String?, record: TitleRecord)? {
        guard let model else { return nil }
        await preparation?.value
        return await NoteTitleChoice.chooseSpan(idea: idea, model: model, language: language)
    }

    /// Starts evaluating the title instructions, once, after the question preparation: only when
    /// the idea's first sentence is too long to be the title (answers cannot change that).
    private mutating func prepareTitleIfNeeded(model: any MemoModel) {
        guard titlePreparation == nil, let idea = turns.first?.answer,
            let first = SentenceNumbering.numberedSources(for: idea, language: language.rawValue).first,
            first.count > NoteRenderer.maximumTitleLength || first.contains(where: \.isNewline)
        else { return }
        let question = preparation
        titlePreparation = Task(priority: .utility) {
            await question?.value
            await model.prepareTitle()
        }
    }

    /// Whether text holds nothing but Unicode white space (an empty answer finishes the exchange).
    public static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy(\.properties.isWhitespace)
    }

    /// Starts the scorer reading the paragraph breaks of the turns it has not read yet: the windows
    /// ``NoteLayout`` will ask about, in the order it asks. Nothing without a scorer, after a
    /// cancel, or past the transcript cap (the layout is then local).
    private mutating func readAheadNewTurns() {
        guard let readAhead, !modelStopped, transcriptCharacters <= limits.transcriptCharacterCap,
            turnsReadAhead < turns.count
        else { return }
        let sentenceLists = turns[turnsReadAhead...].flatMap { turn in
            let sentences = SentenceNumbering.numberedSources(for: turn.answer, language: language.rawValue)
            return NoteLayout.scoredWindows(blockSize: sentences.count, rule: readAhead.paragraphBreakRule)
                .map { Array(sentences[$0]) }
        }
        turnsReadAhead = turns.count
        readAhead.readAhead(sentenceLists)
    }

    private mutating func finishing(_ reason: FinishReason) -> Step {
        end(reason)
        return .finished(reason)
    }

    private mutating func syncRecord() {
        record.turns = turns
        record.noteKind = context.kind
    }

    static func finishReason(for decision: ChoiceRules.Decision) -> FinishReason {
        for reason in decision.reasons {
            switch reason {
            case .declinedToRecord: return .declinedToRecord
            case .explicitEnding: return .explicitEnding
            case .questionLimit: return .questionLimit
            case .transcriptCap: return .transcriptCap
            case .noUnaskedAngle: return .noUnaskedAngle
            default: continue
            }
        }
        return .ready
    }
}
