extension GenerationSchema {
    /// How a request that generates this schema describes it to the model: the text that
    /// follows the session's instructions in the system message, after a blank line.
    ///
    /// Decoding enforces the schema whatever this text says; it is public so that training data
    /// for an adapter can show the model the system message it will be given.
    public var promptDescription: String { SchemaDescription.describe(self) }
}
