import Testing
@Test func placeholderMomentumAppTests() { #expect(Bool(true)) }
