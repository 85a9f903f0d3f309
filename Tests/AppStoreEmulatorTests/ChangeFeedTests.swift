import AppStoreEmulator
import Testing

/// The change feed wakes waiters on a change, on cancellation and on close, never leaving one to its timer.
@Suite(.timeLimit(.minutes(1))) struct ChangeFeedTests {
    @Test func aWaiterWakesOnTheNextChange() async {
        let feed = ChangeFeed()
        let waiter = Task { await feed.wait(after: 0, timeout: .seconds(3600)) }
        await feed.announce()
        #expect(await waiter.value == 1)
    }

    @Test func aCancelledWaiterReturnsWithoutWaitingForItsTimer() async {
        let feed = ChangeFeed()
        let waiter = Task { await feed.wait(after: 0, timeout: .seconds(3600)) }
        waiter.cancel()
        #expect(await waiter.value == 0)
        #expect(await feed.waiting == 0)
    }

    @Test func closingWakesEveryoneAndLaterWaitsReturnAtOnce() async {
        let feed = ChangeFeed()
        let first = Task { await feed.wait(after: 0, timeout: .seconds(3600)) }
        await feed.close()
        #expect(await first.value == 1)
        #expect(await feed.wait(after: 1, timeout: .seconds(3600)) == 1)
        #expect(await feed.isClosed)
    }
}
