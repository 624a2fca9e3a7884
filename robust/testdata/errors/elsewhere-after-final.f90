subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  where (a > 0.0)
    b = a
  elsewhere
    b = -a
  elsewhere (a < -1.0)  ! ERROR [elsewhere-after-final] "\"elsewhere\" after the final \"elsewhere\""
    b = 0.0
  end where
end subroutine k
