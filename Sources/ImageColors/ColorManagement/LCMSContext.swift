import CLCMS
import Foundation

/// A LittleCMS context for one analysis, whose memory is the analysis's budget and whose
/// errors are recorded, never printed.
///
/// Every allocation lcms makes in this context (the context itself, parsed profiles, the
/// transform's optimised tables) goes through a memory-handler plugin that reserves the bytes in
/// the ``MemoryLedger`` *before* allocating them and releases them when lcms frees them; an
/// allocation that does not fit returns `NULL`, which lcms reports as an error and turns into a
/// failed call, never a crash. So the ledger's peak includes lcms exactly, with no estimate.
///
/// lcms does not longjmp: failures are return values plus a message to the log handler set
/// here, which keeps the first message for the result's note.
final class LCMSContext {
    /// What the callbacks reach through the context's user data: the ledger and what happened.
    final class State {
        let ledger: MemoryLedger?
        /// The first message lcms logged.
        var firstError: String?
        /// Bytes of the first allocation the budget refused.
        var refusedBytes: Int?
        /// Bytes lcms holds now, headers included.
        var allocatedBytes = 0

        init(ledger: MemoryLedger?) {
            self.ledger = ledger
        }

        func reserve(_ bytes: Int) -> Bool {
            if let ledger {
                do {
                    try ledger.reserve(bytes, for: "LittleCMS's colour transform")
                } catch {
                    if refusedBytes == nil { refusedBytes = bytes }
                    return false
                }
            }
            allocatedBytes += bytes
            return true
        }

        func release(_ bytes: Int) {
            ledger?.release(bytes)
            allocatedBytes -= bytes
        }
    }

    /// The lcms context.
    let handle: cmsContext
    /// The ledger, messages and counts.
    let state: State

    /// Each block starts with this header: its size (header included) and its `State`, so a
    /// block freed through a context lcms does not know as ours is still released correctly.
    private static let headerBytes = 16

    /// Creates a context whose allocations are reserved in `ledger` (none when `nil`).
    /// - Throws: ``MemoryBudgetError`` when not even the context fits.
    init(ledger: MemoryLedger?) throws {
        let state = State(ledger: ledger)
        var plugin = cmsPluginMemHandler()
        plugin.base.Magic = cmsUInt32Number(cmsPluginMagicNumber)
        plugin.base.ExpectedVersion = cmsUInt32Number(LCMS_VERSION)
        plugin.base.Type = cmsUInt32Number(cmsPluginMemHandlerSig)
        plugin.MallocPtr = { context, size in LCMSContext.allocate(Int(size), context: context) }
        plugin.FreePtr = { _, pointer in LCMSContext.free(pointer) }
        plugin.ReallocPtr = { context, pointer, size in LCMSContext.reallocate(pointer, to: Int(size), context: context) }
        let userData = Unmanaged.passUnretained(state).toOpaque()
        // While cmsCreateContext allocates the context structure itself, lcms cannot find our
        // user data yet: those few hundred bytes are the only ones not counted.
        guard let handle = withUnsafeMutablePointer(to: &plugin, { cmsCreateContext($0, userData) }) else {
            throw MemoryBudgetError.overBudget(purpose: "LittleCMS's context", needed: state.refusedBytes ?? 0,
                                               available: ledger?.available ?? 0, budget: ledger?.budget.bytes ?? 0)
        }
        self.handle = handle
        self.state = state
        cmsSetLogErrorHandlerTHR(handle) { context, _, text in
            guard let state = LCMSContext.state(of: context), state.firstError == nil, let text else { return }
            state.firstError = String(cString: text)
        }
    }

    deinit {
        cmsDeleteContext(handle)
    }

    /// The state behind `context`, or `nil` while lcms is still building the context.
    private static func state(of context: cmsContext?) -> State? {
        guard let context, let data = cmsGetContextUserData(context) else { return nil }
        return Unmanaged<State>.fromOpaque(data).takeUnretainedValue()
    }

    private static func allocate(_ size: Int, context: cmsContext?) -> UnsafeMutableRawPointer? {
        let state = state(of: context)
        let total = size + headerBytes
        if let state, !state.reserve(total) { return nil }
        guard let block = malloc(total) else {
            state?.release(total)
            return nil
        }
        block.storeBytes(of: total, as: Int.self)
        block.storeBytes(of: state.map { Unmanaged.passUnretained($0).toOpaque() }, toByteOffset: 8,
                         as: UnsafeMutableRawPointer?.self)
        return block + headerBytes
    }

    private static func free(_ pointer: UnsafeMutableRawPointer?) {
        guard let pointer else { return }
        let block = pointer - headerBytes
        let total = block.load(as: Int.self)
        if let owner = block.load(fromByteOffset: 8, as: UnsafeMutableRawPointer?.self) {
            Unmanaged<State>.fromOpaque(owner).takeUnretainedValue().release(total)
        }
        Foundation.free(block)
    }

    private static func reallocate(_ pointer: UnsafeMutableRawPointer?, to size: Int, context: cmsContext?) -> UnsafeMutableRawPointer? {
        guard let pointer else { return allocate(size, context: context) }
        let block = pointer - headerBytes
        let oldTotal = block.load(as: Int.self), newTotal = size + headerBytes
        let owner = block.load(fromByteOffset: 8, as: UnsafeMutableRawPointer?.self)
        let state = owner.map { Unmanaged<State>.fromOpaque($0).takeUnretainedValue() }
        if let state, newTotal > oldTotal, !state.reserve(newTotal - oldTotal) { return nil }
        guard let grown = realloc(block, newTotal) else {
            if newTotal > oldTotal { state?.release(newTotal - oldTotal) }
            return nil
        }
        if let state, newTotal < oldTotal { state.release(oldTotal - newTotal) }
        grown.storeBytes(of: newTotal, as: Int.self)
        return grown + headerBytes
    }

    /// The error for a failed lcms call: ``MemoryBudgetError`` when the budget refused an
    /// allocation, else `nil` (the caller words lcms's own message).
    func budgetError(for purpose: String) -> MemoryBudgetError? {
        guard let refused = state.refusedBytes, let ledger = state.ledger else { return nil }
        return .overBudget(purpose: purpose, needed: refused, available: ledger.available, budget: ledger.budget.bytes)
    }

    /// lcms's first message, tidied, or `fallback`.
    func message(or fallback: String) -> String {
        guard let text = state.firstError?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return fallback }
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// Forgets the messages and refusals so far (before the next call).
    func clearErrors() {
        state.firstError = nil
        state.refusedBytes = nil
    }
}
