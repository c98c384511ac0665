import Testing
@Test func placeholderEndToEndTests() { #expect(Bool(true)) }
