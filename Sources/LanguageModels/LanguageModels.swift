// LanguageModels
