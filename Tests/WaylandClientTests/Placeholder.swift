import Testing
@Test func placeholderWaylandClientTests() { #expect(Bool(true)) }
