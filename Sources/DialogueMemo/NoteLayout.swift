import LanguageModels

/// Produces a checked layout for a note: the model's layout when it passes the check, else one
/// retry with an explicit reminder, else a local layout with one sentence per bullet.
///
/// More than 48 sentences are split into balanced windows of at most 48; each window is laid out
/// separately with IDs renumbered from 1, then the windows are concatenated, so no sentence can be
/// lost whatever any window returns.
public enum NoteLayout {
    /// The local layout: one sentence per group (rendered as bullets). The title advice is yes,
    /// so the title rule alone decides.
    public static func local(sourceCount: Int) -> SourceLayout {
        SourceLayout(firstSourceIsTitle: true, groupIDs: (0..<sourceCount).map { [$0 + 1] })
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

    /// Lays out and renders a note.
    /// - Parameters:
    ///   - sources: The sentences, in order.
    ///   - model: The model, or `nil` for the local layout.
    ///   - language: The interface language (generic title).
    ///   - structure: The dialogue's blocks and dated title, or `nil` for one plain block.
    /// - Returns: The note, which holds every source exactly once and in order, and what it took.
    public static func compose(
        sources: [String], model: (any MemoModel)?, language: MemoLanguage, structure: NoteStructure? = nil
    ) async -> (note: MemoNote, record: LayoutRecord) {
        let clock = ContinuousClock()
        let start = clock.now
        var record = LayoutRecord()
        record.sourceCount = sources.count
        guard !sources.isEmpty else { return (NoteRenderer.emptyNote(language: language, structure: structure), record) }
        var model = model
        var groups: [[Int]] = []
        var titleAdvice = true
        for (index, window) in windows(sourceCount: sources.count).enumerated() {
            record.windows += 1
            let slice = Array(sources[window])
            var layout: SourceLayout?
            var triedModel = false
            if let current = model {
                if Task.isCancelled {
                    model = nil
                } else {
                    triedModel = true
                    let outcome = await modelLayout(for: slice, model: current, record: &record)
                    layout = outcome.layout
                    if outcome.stopUsingModel { model = nil }
                }
            }
            if layout == nil, triedModel { record.localFallbacks += 1 }
            let checked = layout ?? local(sourceCount: slice.count)
            if index == 0 { titleAdvice = checked.firstSourceIsTitle }
            groups += checked.groups.map { $0.sourceIDs.map { $0 + window.lowerBound } }
        }
        let combined = SourceLayout(firstSourceIsTitle: titleAdvice, groupIDs: groups)
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

    /// One window: a request, and one retry with the reminder when the layout is invalid or does
    /// not decode. `nil` means use the local layout.
    private static func modelLayout(for slice: [String], model: any MemoModel, record: inout LayoutRecord) async
        -> (layout: SourceLayout?, stopUsingModel: Bool)
    {
        for attempt in 0..<2 {
            if attempt == 1 { record.retries += 1 }
            record.modelRequests += 1
            do {
                let prompt = MemoPrompts.layoutPrompt(for: slice, reminder: attempt == 1)
                let layout = try await model.layout(prompt: prompt, sourceCount: slice.count)
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
