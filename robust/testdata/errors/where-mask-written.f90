module m
  implicit none
contains
  !$OFP PURE, KERNEL :: relax
  pure subroutine relax(h, u)
    real, intent(inout) :: h(:)
    real, intent(inout) :: u(:)
    where (h > 0.0)
      u = u + h
      h = 0.0  ! ERROR:7 [where-mask-written] "this where construct assigns \"h\", which its mask reads"
    end where
  end subroutine relax
end module m
