import LanguageModels

/// Produces a checked layout for a note in one pass: a scorer (``EmbeddingBreakScorer``; which one
/// a language uses is ``LayoutMethod``'s choice) scores every boundary between neighbouring
/// sentences, ``ParagraphBreakRule`` turns the scores (with lexical cohesion mixed in) into
/// breaks, and the renderer's check confirms the groups hold every sentence once, in order.
/// Scores that do not fit (or a failed request) get one retry; after that, and whenever there is
/// no scorer, the layout is local: ``LexicalCohesion`` depths under ``ParagraphBreakRule/cohesion``
/// (or one group per block, for a language where word overlap does not beat it), and one
/// sentence per bullet if even that failed the check.
///
/// In a dialogue's note each answer is laid out on its own (its block boundaries are already
/// breaks), and an answer too short to hold two paragraphs stays one group without asking the
/// scorer. More than 48 sentences are split into balanced windows of at most 48; each window is
/// laid out separately with IDs renumbered from 1, then the windows are concatenated, so no
/// sentence can be lost whatever any window returns.
public enum NoteLayout {
    /// The plainest layout: one sentence per group (rendered as bullets). The title advice is
    /// yes, so the title rule alone decides.
    public static func local(sourceCount: Int) -> SourceLayout {
        SourceLayout(firstSourceIsTitle: true, groupIDs: (0..<sourceCount).map { [$0 + 1] })
    }

    /// The model-free layout: paragraphs where ``LexicalCohesion`` finds the topic changing.
    public static func cohesion(for sources: [String], rule: ParagraphBreakRule = .cohesion) -> SourceLayout {
        let breaks = rule.breaks(for: LexicalCohesion.depthScores(for: sources), sourceCount: sources.count)
        guard let breaks else { return local(sourceCount: sources.count) }
        return SourceLayout(firstSourceIsTitle: true, groupIDs: ParagraphBreakRule.groups(for: breaks))
    }

    /// Every source in one group (a block that no method splits better).
    public static func oneGroup(sourceCount: Int) -> SourceLayout {
        SourceLayout(firstSourceIsTitle: true, groupIDs: [Array(1...max(1, sourceCount))])
    }

    /// Balanced windows of at most `size` sources covering `0..<sourceCount`.
    public static func windows(sourceCount: Int, size: Int = SourceLayout.maximumSources) -> [Range<Int>] {
        guard sourceCount > 0 else { return [] }
        let count = (sourceCount + size - 1) / size
        var ranges: [Range<Int>] = []
        var start = 0
        for index in 0..<count {
            let length = sourceCount / count + (index < sourceCount % count ? 1 : 0)
            ranges.append(start..<start + length)
            start += length
        }
        return ranges
    }

    /// The windows of a block (its sources `0..<blockSize`) that get scored: none when the
    /// block is too short to hold two paragraphs, else ``windows(sourceCount:size:)``.
    public static func scoredWindows(blockSize: Int, rule: ParagraphBreakRule = .semantic) -> [Range<Int>] {
        let shortest = 2 * min(rule.minimumSentences, ParagraphBreakRule.cohesion.minimumSentences)
        return blockSize < shortest ? [] : windows(sourceCount: blockSize)
    }

    /// Lays out and renders a note.
    /// - Parameters:
    ///   - sources: The sentences, in order.
    ///   - model: The break scorer, or `nil` for the local layout.
    ///   - language: The interface language (generic title).
    ///   - structure: The dialogue's blocks and dated title, or `nil` for one plain block.
    ///   - rule: How the scores become breaks (default: the scorer's own
    ///     ``ParagraphBreakScoring/paragraphBreakRule``).
    ///   - local: The layout of a window without scores: ``LayoutMethod/lexicalCohesion`` (the
    ///     default) or ``LayoutMethod/oneBlockPerAnswer`` (one group).
    /// - Returns: The note, which holds every source exactly once and in order, and what it took.
    public static func compose(
        sources: [String], model: (any ParagraphBreakScoring)?, language: MemoLanguage, structure: NoteStructure? = nil,
        rule: ParagraphBreakRule? = nil, local localMethod: LayoutMethod = .lexicalCohesion
    ) async -> (note: MemoNote, record: LayoutRecord) {
        let rule = rule ?? model?.paragraphBreakRule ?? .semantic
        let clock = ContinuousClock()
        let start = clock.now
        var record = LayoutRecord()
        record.sourceCount = sources.count
        guard !sources.isEmpty else { return (NoteRenderer.emptyNote(language: language, structure: structure), record) }
        var model = model
        var groups: [[Int]] = []
        // In a dialogue's note every answer is already its own block: only an answer long enough
        // to hold two paragraphs is worth scoring, and it is read on its own.
        let effective = NoteRenderer.effective(structure, sourceCount: sources.count, language: language)
        let parts = effective.blocks.contains { $0.label != nil } ? effective.ranges : [0..<sources.count]
        for part in parts {
            let scored = model == nil && localMethod == .oneBlockPerAnswer ? [] : scoredWindows(blockSize: part.count, rule: rule)
            if scored.isEmpty {
                groups.append(part.map { $0 + 1 })
                continue
            }
            for relative in scored {
                let window = (relative.lowerBound + part.lowerBound)..<(relative.upperBound + part.lowerBound)
                record.windows += 1
                let slice = Array(sources[window])
                var layout: SourceLayout?
                var triedModel = false
                if let current = model {
                    if Task.isCancelled {
                        model = nil
                    } else {
                        triedModel = true
                        let outcome = await modelLayout(for: slice, model: current, rule: rule, record: &record)
                        layout = outcome.layout
                        if outcome.stopUsingModel { model = nil }
                    }
                }
                if layout == nil, triedModel { record.localFallbacks += 1 }
                var checked = layout ?? (localMethod == .oneBlockPerAnswer ? oneGroup(sourceCount: slice.count) : cohesion(for: slice))
                if (try? NoteRenderer.validate(checked, sourceCount: slice.count)) == nil {
                    // Unreachable: the rule only emits valid groups. Kept so a bug can only make the note plainer.
                    checked = local(sourceCount: slice.count)
                }
                groups += checked.groups.map { $0.sourceIDs.map { $0 + window.lowerBound } }
            }
        }
        let combined = SourceLayout(firstSourceIsTitle: true, groupIDs: groups)
        let note: MemoNote
        do {
            note = try NoteRenderer.render(combined, sources: sources, language: language, structure: structure)
        } catch {
            // Unreachable: every window was checked. Kept so a bug can only make the note plainer.
            record.failures.append(error.description)
            note =
                (try? NoteRenderer.render(
                    local(sourceCount: sources.count), sources: sources, language: language, structure: structure))
                ?? NoteRenderer.emptyNote(language: language, structure: structure)
        }
        record.milliseconds = (clock.now - start).milliseconds
        return (note, record)
    }

    /// One window: a request for the boundary scores, and one retry when they do not fit or the
    /// request fails with invalid output. `nil` means use the local layout.
    private static func modelLayout(
        for slice: [String], model: any ParagraphBreakScoring, rule: ParagraphBreakRule, record: inout LayoutRecord
    ) async -> (layout: SourceLayout?, stopUsingModel: Bool) {
        guard slice.count > 1 else { return (local(sourceCount: slice.count), false) }
        for attempt in 0..<2 {
            if attempt == 1 { record.retries += 1 }
            record.modelRequests += 1
            do {
                let scores = try await model.paragraphBreakScores(for: slice)
                let cohesion = LexicalCohesion.depthScores(for: slice)
                guard let breaks = rule.breaks(for: scores, cohesion: cohesion, sourceCount: slice.count) else {
                    throw NoteLayoutError.scoresDoNotFit(sourceCount: slice.count, scoreCount: scores.count)
                }
                let layout = SourceLayout(firstSourceIsTitle: true, groupIDs: ParagraphBreakRule.groups(for: breaks))
                try NoteRenderer.validate(layout, sourceCount: slice.count)
                return (layout, false)
            } catch let error as NoteLayoutError {
                record.failures.append(error.description)
            } catch let error as LanguageModelSession.GenerationError {
                record.failures.append(error.description)
                // Only invalid output earns the retry; a full context or a missing model will not improve.
                guard case .decodingFailure = error else { return (nil, false) }
            } catch is CancellationError {
                record.failures.append("cancelled")
                return (nil, true)
            } catch {
                record.failures.append(String(describing: error))
                return (nil, false)
            }
        }
        return (nil, false)
    }
}

extension Duration {
    /// The duration in milliseconds.
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    }
}
