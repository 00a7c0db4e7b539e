import Evaluation
import QuickLog
import Testing

@Suite struct ReaderTests {
    @Test func mealLinesGiveGoldTotalsWithMissingOnesAsZeroAndGoldFoodsWhereGiven() throws {
        let text = """
            {"description": "2 eggs and toast", "kcal": 300, "protein_g": 15.5, "carbs_g": 20, "fat_g": 12, "style": "natural"}

            {"description": "an apple", "kcal": 95, "country": "USA", "items": [{"name": "Apple, raw", "grams": 182}]}
            """
        let meals = try JSONLines.decode(MealRecord.self, from: text)
        #expect(meals == [
            MealRecord(description: "2 eggs and toast", gold: NutritionFacts(kcal: 300, protein: 15.5, carbs: 20, fat: 12), style: "natural"),
            MealRecord(
                description: "an apple", gold: NutritionFacts(kcal: 95, protein: 0, carbs: 0, fat: 0), style: "all",
                items: [MealRecord.GoldItem(name: "Apple, raw", grams: 182)]),
        ])
    }

    @Test(arguments: [
        // Line 3 (after a blank line): not JSON.
        ("{\"description\": \"toast\"}\n\n{not json", 3, nil),
        // Line 2: the total is text, not a number.
        ("{\"description\": \"toast\"}\n{\"description\": \"jam\", \"kcal\": \"lots\"}", 2, "'kcal'"),
        // Line 1: no description.
        ("{\"kcal\": 10}", 1, "no 'description'"),
    ] as [(String, Int, String?)])
    func malformedMealLineNamesItsLineAndProblem(text: String, line: Int, detail: String?) {
        do {
            _ = try JSONLines.decode(MealRecord.self, from: text)
            Issue.record("expected an invalid line")
        } catch {
            guard case .invalidLine(let number, let reason) = error else {
                Issue.record("expected an invalid line, got \(error)")
                return
            }
            #expect(number == line)
            #expect(error.description.hasPrefix("line \(line): not a MealRecord record"))
            if let detail { #expect(reason.contains(detail), "\(reason)") }
        }
    }

    @Test func everydaySentencesKeepTheirLabelledFoods() throws {
        let text = #"{"text": "toast and jam", "style": "list", "foods": [{"mention": "toast", "head": "toast", "accept": ["toast", "bread"]}, {"mention": "jam", "head": "jam", "accept": ["jam"]}]}"#
        let sentences = try JSONLines.decode(EverydaySentence.self, from: text)
        #expect(sentences == [
            EverydaySentence(text: "toast and jam", style: "list", foods: [
                .init(mention: "toast", head: "toast", accept: ["toast", "bread"]), .init(mention: "jam", head: "jam", accept: ["jam"]),
            ])
        ])
    }

    @Test func segmentedDocumentsGiveSentencesAndTrueSizesWithoutEmptyGroups() throws {
        let text = #"{"doc_id": "wiki/Tea#w0", "lang": "en", "groups": [["Tea is a drink.", "It is old."], [], ["It grows in Asia."]]}"#
        let document = try #require(try JSONLines.decode(SegmentedDocument.self, from: text).first)
        #expect(document.id == "wiki/Tea#w0")
        #expect(document.sentences == ["Tea is a drink.", "It is old.", "It grows in Asia."])
        #expect(document.segmentSizes == [2, 1])
    }

    @Test func dialogueStatesReadTheOpeningIdeaAsAskedNothing() throws {
        let text = #"{"id": "s1", "lang": "en", "turns": [{"asked": null, "answer": "A tea shop."}, {"asked": "audience", "answer": "Students."}], "acceptable": ["ready", "goal"]}"#
        #expect(try JSONLines.decode(DialogueStateRecord.self, from: text) == [
            DialogueStateRecord(
                id: "s1", lang: "en", turns: [.init(asked: nil, answer: "A tea shop."), .init(asked: "audience", answer: "Students.")],
                acceptable: ["ready", "goal"])
        ])
    }

    @Test func scriptedDialoguesAndNoteSearchCasesHaveOptionalParts() throws {
        let dialogues = try JSONLines.decode(ScriptedDialogue.self, from: #"{"id": "d1", "lang": "de", "idea": "Ein Teeladen."}"#)
        #expect(dialogues == [ScriptedDialogue(id: "d1", lang: "de", idea: "Ein Teeladen.")])
        let cases = try JSONLines.decode(
            NoteSearchCase.self,
            from: #"{"kind": "note", "id": "n1", "lang": "en", "markdown": "Tea: green and black."}"# + "\n"
                + #"{"kind": "query", "lang": "fr", "query": "thé", "relevant": ["n1"]}"#)
        #expect(cases == [
            NoteSearchCase(kind: "note", id: "n1", lang: "en", markdown: "Tea: green and black."),
            NoteSearchCase(kind: "query", lang: "fr", query: "thé", relevant: ["n1"]),
        ])
    }

    @Test func csvRowsHandleQuotesCommasAndLineEnds() {
        let text = "input,name\r\n\"3 c basil, packed\",basil\n\"a \"\"big\"\" egg\",egg\n\"two\nlines\",x\nlast,row"
        #expect(CSV.rows(in: text) == [
            ["input", "name"], ["3 c basil, packed", "basil"], ["a \"big\" egg", "egg"], ["two\nlines", "x"], ["last", "row"],
        ])
    }

    @Test func csvKeepsEmptyFieldsAndIgnoresATrailingLineEnd() {
        #expect(CSV.rows(in: "a,,c\n,b,\n") == [["a", "", "c"], ["", "b", ""]])
    }

    @Test func aMissingFileIsUnreadable() {
        #expect(throws: EvaluationDataError.unreadableFile(path: "/nonexistent/meals.jsonl")) {
            try JSONLines.read(MealRecord.self, fromFile: "/nonexistent/meals.jsonl")
        }
        #expect(EvaluationDataError.unreadableFile(path: "x.csv").description == "cannot read 'x.csv'")
    }
}
