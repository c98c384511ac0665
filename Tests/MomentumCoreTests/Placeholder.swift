import Testing
@Test func placeholderMomentumCoreTests() { #expect(Bool(true)) }
