extension CapturedRoom {
    /// The same room moved by `shift` metres (every surface, object and section), e.g. from a cloud's local
    /// frame to its world frame.
    /// - Complexity: O(elements).
    public func translated(by shift: SIMD3<Double>) -> CapturedRoom {
        let s = SIMD3<Float>(shift)
        var out = self
        func move(_ t: Transform4x4) -> Transform4x4 {
            var e = t.elements
            e[12] += s.x
            e[13] += s.y
            e[14] += s.z
            return Transform4x4(elements: e)
        }
        out.walls = walls.map { var x = $0; x.transform = move(x.transform); return x }
        out.doors = doors.map { var x = $0; x.transform = move(x.transform); return x }
        out.windows = windows.map { var x = $0; x.transform = move(x.transform); return x }
        out.openings = openings.map { var x = $0; x.transform = move(x.transform); return x }
        out.floors = floors.map { var x = $0; x.transform = move(x.transform); return x }
        out.objects = objects.map { var x = $0; x.transform = move(x.transform); return x }
        out.sections = sections.map { var x = $0; x.center += s; return x }
        return out
    }
}

extension CapturedRoom {
    /// The same room moved rigidly by `motion` (applied on the left of every surface and object pose;
    /// section centres moved as points). Local geometry (`dimensions`, `polygonCorners`, `curve`) is
    /// unchanged, so a rigid `motion` keeps every element's shape.
    /// - Complexity: O(elements).
    public func transformed(by motion: Transform4x4) -> CapturedRoom {
        var out = self
        moveElements(by: motion, &out.walls, &out.doors, &out.windows, &out.openings, &out.floors, &out.objects, &out.sections)
        return out
    }
}

extension CapturedStructure {
    /// The same structure moved rigidly by `motion`: every room (``CapturedRoom/transformed(by:)``) and the
    /// structure's own surfaces, objects and sections alike.
    /// - Complexity: O(elements).
    public func transformed(by motion: Transform4x4) -> CapturedStructure {
        var out = self
        out.rooms = rooms.map { $0.transformed(by: motion) }
        moveElements(by: motion, &out.walls, &out.doors, &out.windows, &out.openings, &out.floors, &out.objects, &out.sections)
        return out
    }
}

/// The element lists a room and a structure share, moved rigidly by `motion` (poses multiplied on the
/// left, section centres moved as points).
private func moveElements(by motion: Transform4x4, _ walls: inout [CapturedRoom.Surface], _ doors: inout [CapturedRoom.Surface],
                          _ windows: inout [CapturedRoom.Surface], _ openings: inout [CapturedRoom.Surface],
                          _ floors: inout [CapturedRoom.Surface], _ objects: inout [CapturedRoom.Object],
                          _ sections: inout [CapturedRoom.Section]) {
    func move(_ list: inout [CapturedRoom.Surface]) { for k in list.indices { list[k].transform = motion * list[k].transform } }
    move(&walls)
    move(&doors)
    move(&windows)
    move(&openings)
    move(&floors)
    for k in objects.indices { objects[k].transform = motion * objects[k].transform }
    for k in sections.indices { sections[k].center = motion.apply(toPoint: sections[k].center) }
}
