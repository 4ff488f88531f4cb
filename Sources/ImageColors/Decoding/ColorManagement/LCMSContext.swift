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
///
/// lcms 2.14 (Debian 12) also trusts some allocations to succeed. The mutex each profile gets is
/// one (`defMtxCreate` hands a refused allocation to `pthread_mutex_init`: a crash whenever the
/// budget ran out exactly there, which the ICC chunks' size lets a file arrange), so the context
/// has a mutex plugin that allocates nothing: a context belongs to one analysis, whose profiles
/// and transforms one task uses at a time, and lcms locks only so that threads may share them.
///
/// And lcms 2.14 does not always free what it allocated when an allocation fails part-way
/// (a grey transform refused by the budget left 8.6 kB behind; upstream has fixed several such
/// paths since). So every block is also on a list of the context's live blocks, and whatever is
/// still on it once the context is deleted — when no profile or transform of it can be alive
/// (both hold the context) — is freed and returned to the ledger.
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
        /// The first of the live blocks (each block's header links to the next and previous).
        var firstBlock: UnsafeMutableRawPointer?

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

        /// Puts `block` at the head of the live list (its header's links at 16 and 24).
        func link(_ block: UnsafeMutableRawPointer) {
            block.storeBytes(of: nil, toByteOffset: 16, as: UnsafeMutableRawPointer?.self)
            block.storeBytes(of: firstBlock, toByteOffset: 24, as: UnsafeMutableRawPointer?.self)
            firstBlock?.storeBytes(of: block, toByteOffset: 16, as: UnsafeMutableRawPointer?.self)
            firstBlock = block
        }

        /// Takes `block` off the live list.
        func unlink(_ block: UnsafeMutableRawPointer) {
            let previous = block.load(fromByteOffset: 16, as: UnsafeMutableRawPointer?.self)
            let next = block.load(fromByteOffset: 24, as: UnsafeMutableRawPointer?.self)
            if let previous {
                previous.storeBytes(of: next, toByteOffset: 24, as: UnsafeMutableRawPointer?.self)
            } else {
                firstBlock = next
            }
            next?.storeBytes(of: previous, toByteOffset: 16, as: UnsafeMutableRawPointer?.self)
        }

        /// Frees the blocks lcms never freed, once its context is deleted; returns how many.
        @discardableResult
        func freeLeftovers() -> Int {
            var count = 0
            while let block = firstBlock {
                unlink(block)
                release(block.load(as: Int.self))
                Foundation.free(block)
                count += 1
            }
            return count
        }
    }

    /// The lcms context.
    let handle: cmsContext
    /// The ledger, messages and counts.
    let state: State

    /// Each block starts with this header: its size (header included), its `State`, so a block
    /// freed through a context lcms does not know as ours is still released correctly, and the
    /// previous and next live blocks of that state. 32 bytes keep lcms's memory 16-byte aligned.
    private static let headerBytes = 32

    /// Creates a context whose allocations are reserved in `ledger` (none when `nil`).
    /// - Throws: `MemoryBudgetError` when not even the context fits.
    init(ledger: MemoryLedger?) throws {
        let state = State(ledger: ledger)
        var plugin = cmsPluginMemHandler()
        plugin.base.Magic = cmsUInt32Number(cmsPluginMagicNumber)
        plugin.base.ExpectedVersion = cmsUInt32Number(LCMS_VERSION)
        plugin.base.Type = cmsUInt32Number(cmsPluginMemHandlerSig)
        plugin.MallocPtr = { context, size in LCMSContext.allocate(Int(size), context: context) }
        plugin.FreePtr = { _, pointer in LCMSContext.free(pointer) }
        plugin.ReallocPtr = { context, pointer, size in LCMSContext.reallocate(pointer, to: Int(size), context: context)
        }
        var mutex = cmsPluginMutex()
        mutex.base.Magic = cmsUInt32Number(cmsPluginMagicNumber)
        mutex.base.ExpectedVersion = cmsUInt32Number(LCMS_VERSION)
        mutex.base.Type = cmsUInt32Number(cmsPluginMutexSig)
        mutex.CreateMutexPtr = { _ in LCMSContext.noLock }
        mutex.DestroyMutexPtr = { _, _ in }
        mutex.LockMutexPtr = { _, _ in 1 }
        mutex.UnlockMutexPtr = { _, _ in }
        let userData = Unmanaged.passUnretained(state).toOpaque()
        // While cmsCreateContext allocates the context structure itself, lcms cannot find our
        // user data yet: those few hundred bytes are the only ones not counted.
        let created = withUnsafeMutablePointer(to: &mutex) { mutex in
            plugin.base.Next = UnsafeMutableRawPointer(mutex).assumingMemoryBound(to: cmsPluginBase.self)
            return withUnsafeMutablePointer(to: &plugin) { cmsCreateContext($0, userData) }
        }
        guard let handle = created else {
            throw MemoryBudgetError.overBudget(
                purpose: "LittleCMS's context", needed: state.refusedBytes ?? 0,
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
        state.freeLeftovers()
    }

    /// What the mutex plugin hands lcms for every mutex: never dereferenced, only passed back.
    nonisolated(unsafe) private static let noLock = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)

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
        block.storeBytes(
            of: state.map { Unmanaged.passUnretained($0).toOpaque() }, toByteOffset: 8,
            as: UnsafeMutableRawPointer?.self)
        state?.link(block)
        return block + headerBytes
    }

    /// The state a block's header names (`nil` for the few blocks of the context's creation).
    private static func owner(of block: UnsafeMutableRawPointer) -> State? {
        block.load(fromByteOffset: 8, as: UnsafeMutableRawPointer?.self)
            .map { Unmanaged<State>.fromOpaque($0).takeUnretainedValue() }
    }

    private static func free(_ pointer: UnsafeMutableRawPointer?) {
        guard let pointer else { return }
        let block = pointer - headerBytes
        if let state = owner(of: block) {
            state.unlink(block)
            state.release(block.load(as: Int.self))
        }
        Foundation.free(block)
    }

    private static func reallocate(_ pointer: UnsafeMutableRawPointer?, to size: Int, context: cmsContext?)
        -> UnsafeMutableRawPointer?
    {
        guard let pointer else { return allocate(size, context: context) }
        let block = pointer - headerBytes
        let oldTotal = block.load(as: Int.self)
        let newTotal = size + headerBytes
        let state = owner(of: block)
        if let state, newTotal > oldTotal, !state.reserve(newTotal - oldTotal) { return nil }
        // realloc may move the block: off the list first, back on at its new address (or the old
        // one, which stays valid when realloc fails).
        state?.unlink(block)
        guard let grown = realloc(block, newTotal) else {
            state?.link(block)
            if newTotal > oldTotal { state?.release(newTotal - oldTotal) }
            return nil
        }
        state?.link(grown)
        if let state, newTotal < oldTotal { state.release(oldTotal - newTotal) }
        grown.storeBytes(of: newTotal, as: Int.self)
        return grown + headerBytes
    }

    /// The error for a failed lcms call: `MemoryBudgetError` when the budget refused an
    /// allocation, else `nil` (the caller words lcms's own message).
    func budgetError(for purpose: String) -> MemoryBudgetError? {
        guard let refused = state.refusedBytes, let ledger = state.ledger else { return nil }
        return .overBudget(purpose: purpose, needed: refused, available: ledger.available, budget: ledger.budget.bytes)
    }

    /// lcms's first message, tidied, or `fallback`.
    func message(or fallback: String) -> String {
        guard let text = state.firstError?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else {
            return fallback
        }
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// Forgets the messages and refusals so far (before the next call).
    func clearErrors() {
        state.firstError = nil
        state.refusedBytes = nil
    }
}
