import Testing
@Test func placeholderMomentumRenderTests() { #expect(Bool(true)) }
