/// A sample type of picture planes: `UInt8` for 8-bit pictures, `UInt16` for deeper ones. The compositor's
/// kernels are written once over it.
protocol PlaneSample: FixedWidthInteger, UnsignedInteger, Sendable {}
extension UInt8: PlaneSample {}
extension UInt16: PlaneSample {}
