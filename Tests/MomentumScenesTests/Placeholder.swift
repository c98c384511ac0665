import Testing
@Test func placeholderMomentumScenesTests() { #expect(Bool(true)) }
