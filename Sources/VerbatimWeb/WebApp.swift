import DialogueMemo
import Foundation
import QuickLog
import Synchronization

/// The web app: pages, assets and JSON APIs over the food, memo and voice services, behind the
/// ``RequestGuard`` checks and with strict security headers on every response.
public final class WebApp: HTTPResponder {
    /// The largest text body (JSON) accepted: 100 kB.
    public static let textLimit = 100_000
    /// The largest audio upload accepted: 10 MB.
    public static let audioLimit = 10_000_000

    /// Headers every response carries: no inline script or style, nothing from elsewhere, no framing.
    public static let securityHeaders: [String: String] = [
        "Content-Security-Policy":
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; media-src 'self'; "
            + "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "X-Frame-Options": "DENY",
        "Cross-Origin-Opener-Policy": "same-origin",
        "Cross-Origin-Resource-Policy": "same-origin",
    ]

    private let food: FoodService
    private let memo: MemoService
    private let voice: VoiceService
    private let assets: WebAssets
    private let requestGuard = Mutex<RequestGuard?>(nil)

    /// Creates the app over its services.
    /// - Throws: ``WebError/failed(_:)`` when the built-in assets are missing.
    public init(food: FoodService, memo: MemoService, voice: VoiceService) throws(WebError) {
        self.food = food
        self.memo = memo
        self.voice = voice
        assets = try WebAssets()
    }

    /// Sets the checks for the address the server is bound to; until then every request is refused.
    public func protect(with checks: RequestGuard) {
        requestGuard.withLock { $0 = checks }
    }

    // MARK: - HTTPResponder

    /// 10 MB for audio uploads, 100 kB for any other body, none for `GET`.
    public func bodyLimit(method: String, path: String) -> Int {
        if method == "GET" || method == "HEAD" { return 0 }
        return path == "/api/voice/transcribe" ? Self.audioLimit : Self.textLimit
    }

    /// An error as JSON, with the security headers.
    public func refuse(_ error: WebError) -> HTTPResponse { secured(.error(error)) }

    /// Checks the request (``RequestGuard``), then answers it from the asset table or an API.
    public func respond(to request: HTTPRequest) async -> HTTPResponse {
        guard let checks = requestGuard.withLock({ $0 }) else { return refuse(.failed("the server is starting")) }
        if let refusal = checks.check(request) { return refuse(refusal) }
        do {
            return secured(try await route(request, token: checks.token))
        } catch {
            return refuse(error)
        }
    }

    private func secured(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.headers.merge(Self.securityHeaders) { mine, _ in mine }
        return response
    }

    // MARK: - Routes

    private func route(_ request: HTTPRequest, token: String) async throws(WebError) -> HTTPResponse {
        switch (request.method, request.path) {
        case ("GET", let path) where !path.hasPrefix("/api/"):
            guard let asset = assets.asset(at: path) else { throw .notFound(path) }
            var body = asset.body
            if asset.isPage {
                body = Data(String(decoding: body, as: UTF8.self).replacingOccurrences(of: "{{TOKEN}}", with: token).utf8)
            }
            return HTTPResponse(headers: ["Content-Type": asset.type, "Cache-Control": "no-cache"], body: body)

        // Food
        case ("POST", "/api/food/analyze"):
            let body = try request.decode(AnalyzeBody.self)
            return .json(try await food.analyze(body.text, meal: try meal(body.meal), day: try day(body.day)))
        case ("POST", "/api/food/edit"):
            let body = try request.decode(EditBody.self)
            guard let unit = FoodUnit(rawValue: body.unit) else { throw .badRequest("unit \(body.unit)") }
            return .json(try await food.editAmount(review: body.review, item: body.item, quantity: body.quantity, unit: unit))
        case ("POST", "/api/food/remove"):
            let body = try request.decode(ItemBody.self)
            return .json(try await food.remove(review: body.review, item: body.item))
        case ("POST", "/api/food/match"):
            let body = try request.decode(MatchBody.self)
            return .json(try await food.chooseMatch(review: body.review, item: body.item, recordID: body.recordID))
        case ("POST", "/api/food/meal"):
            let body = try request.decode(MealBody.self)
            guard let kind = try meal(body.meal) else { throw .badRequest("meal") }
            return .json(try await food.setMeal(review: body.review, meal: kind))
        case ("POST", "/api/food/save"):
            return .json(try await food.save(review: try request.decode(ReviewBody.self).review))
        case ("GET", "/api/food/candidates"):
            guard let review = request.query["review"], let item = request.query["item"].flatMap(Int.init) else {
                throw .badRequest("review and item")
            }
            return .json(try await food.candidates(review: review, item: item))
        case ("POST", "/api/food/entry/delete"):
            return .json(try await food.deleteEntry(try request.decode(EntryBody.self).entry))
        case ("POST", "/api/food/entry/amount"):
            let body = try request.decode(EntryAmountBody.self)
            return .json(try await food.changeGrams(ofEntry: body.entry, to: body.grams))
        case ("GET", "/api/food/day"):
            return .json(try await food.day(try day(request.query["day"])))
        case ("GET", "/api/food/week"):
            return .json(try await food.week(endingOn: try day(request.query["day"])))
        case ("GET", "/api/food/chart/day.svg"):
            let view = try await food.day(try day(request.query["day"]))
            return .text(MacroChart.day(view), type: "image/svg+xml")
        case ("GET", "/api/food/chart/week.svg"):
            let days = try await food.week(endingOn: try day(request.query["day"]))
            return .text(MacroChart.week(days, targetKcal: try await food.targets().kcal), type: "image/svg+xml")
        case ("POST", "/api/food/targets"):
            let body = try request.decode(TargetsBody.self)
            return .json(
                FoodTotalsView(
                    try await food.setTargets(
                        DailyTargets(kcal: body.kcal, protein: body.protein, carbs: body.carbs, fat: body.fat))))
        case ("POST", "/api/food/custom"):
            let body = try request.decode(CustomFoodBody.self)
            let saved = try await food.addCustomFood(
                CustomFood(
                    name: body.name,
                    per100g: NutritionFacts(kcal: body.kcal, protein: body.protein, carbs: body.carbs, fat: body.fat),
                    servingGrams: body.servingGrams ?? 100))
            return .json(["id": saved.id])

        case ("POST", "/api/food/recipe"):
            let body = try request.decode(RecipeBody.self)
            let saved = try await food.addRecipe(name: body.name, servings: body.servings ?? 1, ingredients: body.lines)
            return .json(LibraryView(id: saved.id, name: saved.name, kcal: FoodNumbers.round1(saved.perServing.kcal)))
        case ("POST", "/api/food/saved-meal"):
            let body = try request.decode(RecipeBody.self)
            let saved = try await food.addSavedMeal(name: body.name, items: body.lines)
            return .json(LibraryView(id: saved.id, name: saved.name, kcal: FoodNumbers.round1(saved.total.kcal)))

        // Memo
        case ("POST", "/api/memo/start"):
            let body = try request.decode(StartBody.self)
            return .json(await memo.start(language: MemoLanguage(code: body.language ?? "en")))
        case ("GET", "/api/memo/session"):
            return .json(try await memo.session(try id(request)))
        case ("POST", "/api/memo/answer"):
            let body = try request.decode(AnswerBody.self)
            return .json(try await memo.answer(body.id, text: body.text))
        case ("POST", "/api/memo/finish"):
            return .json(try await memo.finish(try request.decode(IDBody.self).id))
        case ("POST", "/api/memo/save"):
            let body = try request.decode(SaveBody.self)
            return .json(try await memo.save(body.id, title: body.title, blocks: body.blocks))
        case ("POST", "/api/memo/discard"):
            return .json(try await memo.discard(try request.decode(IDBody.self).id))
        case ("GET", "/api/memo/notes"):
            return .json(try await memo.notes())
        case ("GET", "/api/memo/search"):
            guard let query = request.query["q"] else { throw .badRequest("q") }
            let limit = request.query["limit"].flatMap { Int($0) } ?? 5
            return .json(try await memo.search(query, limit: limit).map {
                SearchMatchView(id: $0.id, title: $0.title, score: ($0.score * 1000).rounded() / 1000)
            })
        case ("GET", "/api/memo/note"):
            return .text(try await memo.note(try id(request)), type: "text/markdown; charset=utf-8")

        // Voice
        case ("GET", "/api/memo/question.wav"):
            let session = try await memo.session(try id(request))
            guard let question = session.question else { throw .notFound("a question waiting for an answer") }
            let wav = try await voice.speak(question, language: session.language, isFirst: session.questionNumber == 1)
            return HTTPResponse(headers: ["Content-Type": "audio/wav", "Cache-Control": "no-store"], body: wav)
        case ("POST", "/api/voice/transcribe"):
            let language = request.query["lang"] ?? "en"
            return .json(["text": try await voice.transcribe(wav: request.body, language: language)])
        case ("GET", "/api/status"):
            return .json(
                StatusView(database: await food.hasDatabase, speech: await voice.isAvailable, notice: await memo.notice))
        default:
            throw .notFound("\(request.method) \(request.path)")
        }
    }

    private func id(_ request: HTTPRequest) throws(WebError) -> String {
        guard let id = request.query["id"], !id.isEmpty else { throw .badRequest("id") }
        return id
    }

    private func day(_ text: String?) throws(WebError) -> DiaryDay {
        guard let text, !text.isEmpty else { return .today }
        guard let day = DiaryDay(text) else { throw .badRequest("day \(text): use YYYY-MM-DD") }
        return day
    }

    private func meal(_ text: String?) throws(WebError) -> MealKind? {
        guard let text, !text.isEmpty else { return nil }
        guard let kind = MealKind(rawValue: text) else { throw .badRequest("meal \(text)") }
        return kind
    }

    // MARK: - Bodies

    private struct AnalyzeBody: Decodable { var text: String; var meal: String?; var day: String? }
    private struct ReviewBody: Decodable { var review: String }
    private struct EntryBody: Decodable { var entry: Int }
    private struct EntryAmountBody: Decodable { var entry: Int; var grams: Double }
    private struct ItemBody: Decodable { var review: String; var item: Int }
    private struct EditBody: Decodable { var review: String; var item: Int; var quantity: Double; var unit: String }
    private struct MatchBody: Decodable { var review: String; var item: Int; var recordID: String }
    private struct MealBody: Decodable { var review: String; var meal: String }
    private struct TargetsBody: Decodable { var kcal: Double; var protein: Double; var carbs: Double; var fat: Double }
    private struct CustomFoodBody: Decodable {
        var name: String; var kcal: Double; var protein: Double; var carbs: Double; var fat: Double; var servingGrams: Double?
    }
    private struct RecipeBody: Decodable { var name: String; var servings: Double?; var lines: [String] }
    private struct LibraryView: Encodable { var id: Int; var name: String; var kcal: Double }
    private struct StartBody: Decodable { var language: String? }
    private struct IDBody: Decodable { var id: String }
    private struct AnswerBody: Decodable { var id: String; var text: String }
    private struct SaveBody: Decodable { var id: String; var title: String; var blocks: [Note.Block] }
    private struct StatusView: Encodable { var database: Bool; var speech: Bool; var notice: String? }
    private struct SearchMatchView: Encodable { var id: String; var title: String; var score: Double }
}
