/// The members of a JSON object in document order, duplicates included, found by name the way `JSONDecoder`
/// finds them: the first member whose name is equal as a `String` (see ``JSONNameProbe``).
///
/// For lookups, ``indexed()`` adds a hash index over the name probes of objects of more than eight members
/// whose names are all ASCII (member index + 1 per slot, linear probing), which holds the first of any
/// duplicated names; a lookup by an ASCII key then costs one hash and usually one probe comparison. Smaller
/// objects, objects with a non-ASCII name and non-ASCII keys are scanned in order. The parser does not build
/// the index: a payload read by a specialised decoder (``FastPathDecodable``) never looks members up by key.
struct JSONObjectMembers: Sendable {
    let members: [JSONNode.Member]
    private let index: [UInt16]?

    init(_ members: [JSONNode.Member]) {
        self.members = members
        index = nil
    }

    private init(_ members: [JSONNode.Member], index: [UInt16]?) {
        self.members = members
        self.index = index
    }

    /// The same members with the hash index, when the object is large enough to benefit.
    func indexed() -> JSONObjectMembers {
        index == nil ? JSONObjectMembers(members, index: Self.makeIndex(members)) : self
    }

    /// The value of the first member named `name`.
    func first(named name: String) -> JSONNode? {
        var key = name
        return key.withUTF8 { keyBytes in
            let keyProbe = JSONNameProbe(keyBytes)
            return members.withUnsafeBufferPointer { members -> JSONNode? in
                if keyProbe.isASCII, let index {
                    let mask = index.count - 1
                    var slot = Int(truncatingIfNeeded: keyProbe.hashValue64 >> 32) & mask
                    while index[slot] != 0 {
                        let member = members[Int(index[slot]) - 1]
                        if member.probe.matches(name: member.name, key: name, keyProbe: keyProbe, keyBytes: keyBytes) {
                            return member.value
                        }
                        slot = (slot + 1) & mask
                    }
                    return nil
                }
                for member in members
                where member.probe.matches(name: member.name, key: name, keyProbe: keyProbe, keyBytes: keyBytes) {
                    return member.value
                }
                return nil
            }
        }
    }

    /// The hash index, or `nil` for small objects, objects with a non-ASCII name and very large objects.
    private static func makeIndex(_ members: [JSONNode.Member]) -> [UInt16]? {
        guard members.count > 8, members.count < Int(UInt16.max) / 2, members.allSatisfy(\.probe.isASCII) else {
            return nil
        }
        var size = 16
        while size < members.count * 2 { size *= 2 }
        var index = [UInt16](repeating: 0, count: size)
        let mask = size - 1
        for (position, member) in members.enumerated() {
            var slot = Int(truncatingIfNeeded: member.probe.hashValue64 >> 32) & mask
            var isDuplicate = false
            while index[slot] != 0 {
                let earlier = members[Int(index[slot]) - 1]
                if earlier.probe.isCandidate(for: member.probe), earlier.name == member.name {
                    isDuplicate = true
                    break
                }
                slot = (slot + 1) & mask
            }
            if !isDuplicate { index[slot] = UInt16(position + 1) }
        }
        return index
    }
}
