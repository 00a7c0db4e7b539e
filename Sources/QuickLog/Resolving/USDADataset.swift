/// Which USDA dataset a database food comes from.
public enum USDADataset: String, Sendable, Codable, CaseIterable {
    /// SR28 (Standard Reference, with household measures).
    case sr28
    /// FNDDS survey foods: foods as eaten, mixed dishes included.
    case fndds
    /// FoodData Central Foundation foods.
    case foundation
    /// SR Legacy rows SR28 lacks.
    case srlegacy
    /// Branded foods (label data).
    case branded

    /// A short name for review ("FNDDS survey food").
    public var displayName: String {
        switch self {
        case .sr28: "USDA SR28"
        case .fndds: "USDA FNDDS survey food"
        case .foundation: "USDA Foundation food"
        case .srlegacy: "USDA SR Legacy"
        case .branded: "USDA branded food"
        }
    }
}
